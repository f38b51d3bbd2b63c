// What a reserve's form is checked against besides its offer: today's business settings and day, the buyer it
// names (picked, or typed and found by INN or name and phone), and the employees and cities it names.
import { eq, sql } from 'drizzle-orm';
import { todayOf } from '../../db/businessDay';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { RESERVE_MSG } from '../../../domain/reserves/schema';
import { readBusinessSettings } from '../../settings';
import { badRequest } from '../../errors';
import { columnsOf, select, selectFirst, selectRows, type SelectedRow } from '../../db/rows';
import { buyers as buyersTable, cities as citiesTable, employees as employeesTable } from '../../db/schema';
import type { BusinessSettings } from '../../../domain/settings';
import type { Row } from '../../records/pipeline';
import { buyerReadable } from '../buyers';
import { CREDIT_MSG } from '../../../domain/buyers/credit';
import type { StoredReserve } from './stored';
import { FILLED_FROM, RESERVE_BUYER } from '../../../domain/reserves/buyerFields';

/** The buyer card's columns a reserve reads: its state and terms, and the fields that fill the reserve's. */
const BUYER_COLUMNS = select(
  columnsOf(buyersTable, 'id', 'status', ...Object.values(FILLED_FROM), 'city_id', 'payment_terms'),
);

/** The buyer a reserve names, as its form reads it. */
export type PickedBuyer = SelectedRow<typeof BUYER_COLUMNS>;

/** What a reserve's form is checked against besides its offer: today's business settings and day, the buyers,
 * employees and cities it names. The card asks the database as it goes (dbFacts); a bulk edit reads them for a
 * whole chunk in a few statements first (chunkFacts), asking again only for one it did not foresee. */
export interface ReserveFacts {
  settings(): Promise<BusinessSettings>;
  today(): Promise<string>;
  buyer(id: number): Promise<PickedBuyer | undefined>;
  /** An employee's status, undefined when there is none. */
  employeeStatus(id: number): Promise<string | undefined>;
  /** Whether a city is there and not deleted. */
  cityLive(id: number): Promise<boolean>;
}

/** The facts as the card reads them: one question each, when it comes. */
export function dbFacts(db: Database): ReserveFacts {
  let settings: Promise<BusinessSettings> | undefined;
  let today: Promise<string> | undefined;
  return {
    settings: () => (settings ??= readBusinessSettings(db)),
    today: () => (today ??= todayOf(db)),
    buyer: (id) => selectFirst(db, BUYER_COLUMNS, sql`FROM ${buyersTable} WHERE ${buyersTable.id} = ${id}`),
    employeeStatus: async (id) =>
      (await db.select({ status: employeesTable.status }).from(employeesTable).where(eq(employeesTable.id, id)))[0]
        ?.status,
    cityLive: async (id) =>
      (await selectFirst(
        db,
        select({
          live: sql<boolean>`EXISTS (SELECT 1 FROM ${citiesTable} WHERE ${citiesTable.id} = ${id} AND ${citiesTable.status} <> 'deleted')`,
        }),
      ))!.live,
  };
}

const idList = (ids: Iterable<unknown>) =>
  `{${[...new Set([...ids].filter((id) => id !== null && id !== undefined && id !== '').map(Number))].filter((id) => Number.isInteger(id)).join(',')}}`;

/** The facts of a chunk of reserves read at once: the settings and the day once, the buyers, employees and cities
 * the stored reserves and `employees` name in one statement each; anything else is asked as the card asks it. */
export async function chunkFacts(db: Database, reserves: StoredReserve[], employees: unknown[]): Promise<ReserveFacts> {
  const asked = dbFacts(db);
  const [settings, today] = [await asked.settings(), await asked.today()];
  const buyers = new Map(
    (
      await selectRows(
        db,
        BUYER_COLUMNS,
        sql`FROM ${buyersTable} WHERE ${buyersTable.id} = ANY(${idList(reserves.map((r) => r.buyer_id))}::int[])`,
      )
    ).map((b) => [Number(b.id), b]),
  );
  const staff = new Map(
    (
      await selectRows(
        db,
        select(columnsOf(employeesTable, 'id', 'status')),
        sql`FROM ${employeesTable}
    WHERE ${employeesTable.id} = ANY(${idList([...reserves.map((r) => r.responsible_id), ...employees])}::int[])`,
      )
    ).map((e) => [Number(e.id), e.status]),
  );
  const cities = new Map(
    (
      await selectRows(
        db,
        select({ id: citiesTable.id, live: sql<boolean>`${citiesTable.status} <> 'deleted'` }),
        sql`FROM ${citiesTable}
    WHERE ${citiesTable.id} = ANY(${idList([...reserves.map((r) => r.city_id), ...[...buyers.values()].map((b) => b.city_id)])}::int[])`,
      )
    ).map((c) => [Number(c.id), c.live]),
  );
  return {
    settings: async () => settings,
    today: async () => today,
    buyer: async (id) => buyers.get(id) ?? asked.buyer(id),
    employeeStatus: async (id) => (staff.has(id) ? staff.get(id) : asked.employeeStatus(id)),
    cityLive: async (id) => cities.get(id) ?? asked.cityLive(id),
  };
}

export const blank = (value: unknown) => value === undefined || value === null || value === '';
/** The reserve's fields a picked buyer fills where the form left them empty: reserve field → the buyer's. */
const FILLED_BY_BUYER = { ...FILLED_FROM, city_id: 'city_id' } as const satisfies Readonly<
  Record<string, keyof PickedBuyer>
>;

/** The buyer the form names, as the caller may read it, with its terms; its name, phone, city and address
 * fill the form's where it left them empty. A role that does not see the field keeps the stored buyer. */
export async function pickedBuyer(
  db: Database,
  facts: ReserveFacts,
  auth: AuthenticatedUser,
  hidden: ReadonlySet<string>,
  values: Row,
  current?: StoredReserve,
  body: Row = {},
) {
  const stored = current?.buyer_id === undefined || current.buyer_id === null ? null : Number(current.buyer_id);
  let id = hidden.has('buyer_id') ? stored : blank(values.buyer_id) ? null : Number(values.buyer_id);
  // a reserve that belongs to a buyer keeps one
  if (id === null && stored !== null) throw badRequest(CREDIT_MSG.buyerRequired);
  // a buyer typed instead of picked is the card its INN, or its name and phone, name: the same credit check
  // holds, whether or not the card is the caller's to read
  const typed = id === null && !current && !hidden.has('buyer_id') ? await typedBuyer(db, values, body) : null;
  if (id === null && typed === null) return null;
  id ??= typed!;
  if (!Number.isInteger(id) || id < 1 || id > 2147483647) throw badRequest(CREDIT_MSG.buyerMissing);
  if (id !== stored && id !== typed && !(await buyerReadable(db, auth, id))) throw badRequest(CREDIT_MSG.buyerMissing);
  const buyer = await facts.buyer(id);
  if (!buyer || (buyer.status === 'deleted' && id !== stored)) throw badRequest(CREDIT_MSG.buyerMissing);
  // a picked buyer fills what the form left empty; a typed one is the form's as typed
  for (const [field, from] of typed === null ? Object.entries(FILLED_BY_BUYER) : []) {
    if (blank(values[field]) && !hidden.has(field) && !blank(buyer[from])) values[field] = buyer[from];
  }
  return buyer;
}

/** The INN a reserve's 'Новый покупатель' step sends beside the typed name and phone. */
export const BUYER_INN = 'buyer_inn';

/** The digits of a phone as the buyer cards keep them (an 8 in front is the country's 7). */
const phoneKey = (phone: unknown) => {
  const digits = typeof phone === 'string' ? phone.replace(/\D/g, '') : '';
  return digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
};

/** The buyer card a typed buyer is: the one with the INN sent, else the one with the typed name (any case,
 * spaces trimmed) and phone; with no phone typed, the one card of that name. Null: none (a new buyer). */
async function typedBuyer(db: Database, values: Row, body: Row): Promise<number | null> {
  const inn = typeof body[BUYER_INN] === 'string' ? (body[BUYER_INN] as string).replace(/\s/g, '') : '';
  const b = buyersTable;
  if (inn) {
    const found = await selectFirst(
      db,
      select({ id: b.id }),
      sql`FROM ${b} WHERE ${b.inn} = ${inn} AND ${b.status} <> 'deleted' ORDER BY ${b.id} LIMIT 1`,
    );
    if (found) return found.id;
  }
  const name = typeof values[RESERVE_BUYER.name] === 'string' ? (values[RESERVE_BUYER.name] as string).trim() : '';
  if (name.length < 2) return null;
  const phone = phoneKey(values[RESERVE_BUYER.phone]);
  const named = await selectRows(
    db,
    select({ id: b.id, phone: b.phone }),
    sql`FROM ${b}
    WHERE lower(btrim(${b.name})) = lower(${name}) AND ${b.status} <> 'deleted' ORDER BY ${b.id}`,
  );
  const same = phone ? named.filter((n) => phoneKey(n.phone) === phone) : named;
  return same.length === 1 || (phone && same.length) ? same[0].id : null;
}

/** The delivery city and the responsible employee must exist and not be deleted: the form's own messages. */
export async function assertReferences(facts: ReserveFacts, cityId: number | null, responsibleId: number | null) {
  const found = {
    city: cityId === null || (await facts.cityLive(cityId)),
    responsible: responsibleId === null || ((await facts.employeeStatus(responsibleId)) ?? 'deleted') !== 'deleted',
  };
  const messages = [...(found.city ? [] : [RESERVE_MSG.city]), ...(found.responsible ? [] : [RESERVE_MSG.responsible])];
  if (messages.length) throw badRequest(...messages);
}
