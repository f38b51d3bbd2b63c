// One city: created with its delivery rows and comments, renamed, and its delivery matrix row read and saved.
// The matrix holds what is known: a route with neither cost nor days is not stored, so a new city shows in
// every other city's table with an empty cost, and the reserve card's lookup falls back to the default.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import {
  CITY_FIELD_VISIBILITY,
  CITY_FORM_FIELDS,
  CITY_MSG,
  DELIVERY_ROWS_MAX,
  citySchema,
  deliveryRowSchema,
  isEmptyDelivery,
  type DeliveryRow,
  type DeliveryRowInput,
} from '../../../domain/cities/schema';
import { money, toNumber } from '../../../domain/numbers';
import { badRequest, forbidden } from '../../errors';
import { isFieldVisible } from '../../../domain/permissions';
import { select, selectRows, textOf } from '../../db/rows';
import { cities, cityDelivery } from '../../db/schema';
import { keyedChanges } from '../../records/history';
import type { FieldChange } from '../../../domain/history';
import { validateCard } from '../../records/card';
import { isRow, readRecord, type RecordSection, type Row } from '../../records/pipeline';
import { recordPartWrite } from '../../records/recordWrites';
import { formRecordSection } from '../../records/formRecord';
import { citiesSpec } from './list';

/** Another city of the same name, whatever the case, deleted or not. */
const sameName = (name: string) => sql`lower(name) = lower(${name})`;

const CITY_ID = select({ id: cities.id });

/** The tables under the aliases the delivery table's statement gives them. */
const C = alias(cities, 'c');
const D = alias(cityDelivery, 'd');

/** A row of a city's delivery table: a stored route (id: the destination's), or a destination with none (id 0,
 * cost 0, days 0). */
const DELIVERY_ROW = select({
  id: sql<number>`CASE WHEN ${D.to_city_id} IS NULL THEN 0 ELSE ${C.id} END`,
  to_id: C.id,
  to_name: C.name,
  cost: sql<string>`round(coalesce(${D.cost}, 0), 2)::text`,
  days: sql<number>`coalesce(${D.days}, 0)`,
});

/** A city's form fields as its resource declares them, checked by the shared schema; another city of the same name,
 * whatever the case, deleted or not, is its duplicate. */
const cityForm = formRecordSection({
  spec: citiesSpec,
  fields: CITY_FORM_FIELDS,
  visibleAs: CITY_FIELD_VISIBILITY,
  schema: citySchema,
  references: [],
  duplicate: {
    of: (values) => (values.name ? sameName(String(values.name)) : null),
    message: CITY_MSG.duplicate,
    text: CITY_MSG.conflictText,
  },
});

/** A city's card: its form and the delivery rows the card's table sends with it. */
export const cityRecord: RecordSection<Row, 'cities'> = {
  ...cityForm,
  async prepareCreate(db, auth, body, hidden) {
    const delivery = await validRows(body.delivery);
    if (delivery.length) requireMatrix(auth);
    return { ...(await cityForm.prepareCreate(db, auth, body, hidden)), delivery };
  },
  async insert(tx, auth, values, body) {
    const id = await cityForm.insert(tx, auth, values, body);
    await storeDelivery(tx, id, values.delivery as DeliveryRowInput[]);
    return id;
  },
  async change(tx, auth, context) {
    const { set } = await cityForm.change(tx, auth, context);
    const { id, body } = context;
    if (body.delivery !== undefined) requireMatrix(auth);
    const delivery = body.delivery !== undefined ? await storeDelivery(tx, id, await validRows(body.delivery)) : [];
    return { set, extra: delivery };
  },
};

/** The delivery matrix is read and written only by a role that sees offers' loading city (DERIVED_FIELDS): its
 * figures, against a reserve's delivery cost and days, name the city a lot loads in. */
export function requireMatrix(auth: AuthenticatedUser): void {
  if (!isFieldVisible(auth.permissions, 'cities', 'delivery')) throw forbidden(CITY_MSG.matrixHidden);
}

export const readCity = (db: Database, auth: AuthenticatedUser, id: number, withDeleted: boolean) =>
  readRecord(db, auth, cityRecord, id, withDeleted);

/** The rows of a delivery table, each checked by the shared row schema. */
async function validRows(rows: unknown): Promise<DeliveryRowInput[]> {
  if (rows === undefined || rows === null) return [];
  if (!Array.isArray(rows) || rows.length > DELIVERY_ROWS_MAX) throw badRequest(CITY_MSG.city);
  const valid: DeliveryRowInput[] = [];
  for (const row of rows)
    valid.push((await validateCard(deliveryRowSchema, isRow(row) ? row : {})) as unknown as DeliveryRowInput);
  return valid;
}

/** The delivery from the city to every city that is not deleted: stored routes with their cost and days, the
 * others with id 0, cost 0 and days 0 (the table shows those empty). The city's own row (delivery within it, a
 * local sale) first, then by destination name. */
export async function readDelivery(
  db: Database,
  auth: AuthenticatedUser,
  id: number,
  withDeleted: boolean,
): Promise<DeliveryRow[]> {
  await readCity(db, auth, id, withDeleted);
  requireMatrix(auth);
  return selectRows(
    db,
    DELIVERY_ROW,
    sql`
    FROM ${cities} ${C} LEFT JOIN ${cityDelivery} ${D} ON ${D.from_city_id} = ${id} AND ${D.to_city_id} = ${C.id}
    WHERE ${C.status} <> 'deleted' OR ${C.id} = ${id}
    ORDER BY ${C.id} = ${id} DESC, ${C.name}, ${C.id}`,
  );
}

/** PUT /api/cities/{id}/delivery: the rows the table changed, saved at once, as a change of the city
 * (records/pipeline.ts, recordPartWrite): on the version the card read (`?version=`), the city locked, its version
 * moved and its history told route by route. */
export async function saveDelivery(
  db: Database,
  auth: AuthenticatedUser,
  id: number,
  body: unknown,
  version?: number,
): Promise<DeliveryRow[]> {
  await recordPartWrite(db, auth, cityRecord, id, {
    version,
    allowed: () => requireMatrix(auth),
    write: async (tx) => storeDelivery(tx, id, await validRows(body)),
  });
  return readDelivery(db, auth, id, false);
}

/** A route as the history keeps it, or null while the matrix does not hold it. */
type Route = { cost: number; days: number } | null;

/** Writes routes from the city: a row with a cost or days is stored (a later row for the same destination
 * wins), an empty one removes what was stored. Destinations must be cities that exist; the city itself is its own
 * local delivery. Answers the routes that changed, for the city's history. */
async function storeDelivery(db: Database, fromId: number, input: DeliveryRowInput[]): Promise<FieldChange[]> {
  if (!input?.length) return [];
  const byDestination = new Map<number, DeliveryRowInput>();
  for (const row of input) byDestination.set(Number(row.to_id), row);
  const ids = [...byDestination.keys()];
  const known = await selectRows(
    db,
    CITY_ID,
    sql`FROM ${cities} WHERE ${cities.id} IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  if (known.length !== ids.length) throw badRequest(CITY_MSG.city);
  const d = cityDelivery;
  const before = new Map<number, Route>(
    (
      await selectRows(
        db,
        select({ to_city_id: d.to_city_id, cost: textOf(d.cost), days: d.days }),
        sql`
    FROM ${d} WHERE ${d.from_city_id} = ${fromId} AND ${d.to_city_id} IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) FOR UPDATE`,
      )
    ).map((r) => [r.to_city_id, { cost: Number(r.cost), days: r.days }]),
  );
  const stored = [...byDestination.values()].filter((r) => !isEmptyDelivery(r));
  const emptied = [...byDestination.values()].filter((r) => isEmptyDelivery(r)).map((r) => Number(r.to_id));
  if (emptied.length) {
    await db.execute(
      sql`DELETE FROM city_delivery WHERE from_city_id = ${fromId} AND to_city_id IN (${sql.join(
        emptied.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
  }
  const routeOf = (r: DeliveryRowInput) => ({
    cost: Number(money(Math.max(0, toNumber(r.cost as string) ?? 0))),
    days: Math.max(0, Math.trunc(toNumber(r.days as string) ?? 0)),
  });
  const after = new Map<number, Route>(stored.map((r) => [Number(r.to_id), routeOf(r)]));
  if (stored.length) {
    const values = stored.map(
      (r) => sql`(${fromId}, ${Number(r.to_id)}, ${routeOf(r).cost}::numeric, ${routeOf(r).days}::int)`,
    );
    await db.execute(sql`INSERT INTO city_delivery (from_city_id, to_city_id, cost, days) VALUES ${sql.join(values, sql`, `)}
      ON CONFLICT (from_city_id, to_city_id) DO UPDATE SET cost = excluded.cost, days = excluded.days`);
  }
  return keyedChanges('delivery', ids, before, after);
}
