// New offers written: each checked offer with its selling band in one INSERT, their references live and locked.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { offersResource } from '../../../domain/offers/resource';
import type { FieldKind } from '../../../domain/fields';
import { todayOf } from '../../db/businessDay';
import { OFFER_REFERENCES } from '../../../domain/offers/references';
import type { BusinessSettings } from '../../../domain/settings';
import { badRequest } from '../../errors';
import { returningRows, select } from '../../db/rows';
import { offers } from '../../db/schema';
import { attachFiles, fileIdsOf } from '../../records/files';
import type { Row } from '../../records/pipeline';
import { goneReferences, type ReferencingWrite } from '../../records/liveReferences';
import { adoptDocuments } from './documentAdoption';
import { documentsStateOf } from '../../records/documentsState';
import { LOT } from '../../../domain/offers/lot';
import { withSellingBand, type NewOffer } from './offerValues';

/** A new offer, or an offer moved to another product, loading city or supplier, needs it active (none is
 * put on a deleted one); an offer coming back keeps none that was deleted. Locks them till commit
 * (records/liveReferences.ts). Answers each write's refusal or null. */
export const goneOfferReferences = (tx: Database, writes: ReferencingWrite[]) =>
  goneReferences(tx, OFFER_REFERENCES, writes);

/** The same for one write: 400 with the field's own words. */
export async function requireLiveReferences(tx: Database, write: ReferencingWrite) {
  const [refused] = await goneOfferReferences(tx, [write]);
  if (refused) throw badRequest(refused);
}

/** A new offer checked, with the business settings its selling band is computed from. */
export interface OfferToInsert {
  values: NewOffer;
  settings: BusinessSettings;
}

/** The stock the stock writer alone moves (./stock.ts): a new offer's starts at the columns' defaults. */
const STOCK: ReadonlySet<string> = new Set(['reserved_amount', 'purchased_amount', 'available_amount']);

/** The offer's own columns a new offer is written with: its stored fields but the stock (the form's values, the
 * figures and the selling band computed here). */
const NEW_OFFER_FIELDS = offersResource.stored.filter((f) => !STOCK.has(f.key));

/** The column type jsonb_to_recordset reads a field's value as (the table's own). */
const SQL_TYPE: Record<FieldKind, string> = {
  reference: 'int',
  count: 'int',
  amount: 'numeric',
  money: 'numeric',
  date: 'date',
  text: 'text',
  choice: 'text',
  phone: 'text',
  email: 'text',
};
const NEW_OFFER_COLUMNS = sql.join(
  NEW_OFFER_FIELDS.map((f) => sql`${sql.identifier(f.key)} ${sql.raw(SQL_TYPE[f.kind])}`),
  sql`, `,
);
const NEW_OFFER_NAMES = sql.join(
  NEW_OFFER_FIELDS.map((f) => sql.identifier(f.key)),
  sql`, `,
);
const NEW_OFFER_VALUES = sql.join(
  NEW_OFFER_FIELDS.map((f) => sql`r.${sql.identifier(f.key)}`),
  sql`, `,
);

/** Writes checked offers, each with its selling band, in one INSERT whose rows travel as one JSON parameter (a
 * statement of thousands of bound values costs more to build and bind than to run), with their photos and
 * documents; answers their ids in the order given (the rows are inserted in that order, numbered from the
 * sequence as they go, so their ids ascend with it). */
export async function insertOffers(
  tx: Database,
  auth: AuthenticatedUser,
  items: { values: OfferToInsert; body: Row }[],
): Promise<number[]> {
  // the product, city and supplier active, and locked so that none is deleted under the new offers
  const refused = (
    await goneOfferReferences(
      tx,
      items.map(({ values }) => ({ values: values.values })),
    )
  ).find((r) => r !== null);
  if (refused) throw badRequest(refused);
  const rowsJson = JSON.stringify(
    items.map(({ values: { values, settings } }, i) => ({ ...withSellingBand(values, settings), i })),
  );
  // each written with its documents state (its product's and origin's required types, none attached yet: files
  // come below and `written` brings those offers' state up to date), not written and then rewritten
  const today = await todayOf(tx);
  const lots = sql`SELECT r.i AS id, r.product_id, r.${sql.raw(LOT.origin.field)} AS origin FROM r`;
  const created = await returningRows(
    tx,
    sql`
    WITH r AS (SELECT * FROM jsonb_to_recordset(${rowsJson}::jsonb) AS r(i int, ${NEW_OFFER_COLUMNS})),
      ds AS (${documentsStateOf(lots, sql`${today}::date`, false)})
    INSERT INTO offers (${NEW_OFFER_NAMES}, created_by, documents_state, documents_missing, documents_expired,
      documents_blocking, documents_expires_on, documents_turns_on)
    SELECT ${NEW_OFFER_VALUES}, ${auth.user.id}::int, ds.state, ds.missing, ds.expired, ds.blocking, ds.expires_on, ds.turns_on
    FROM r JOIN ds ON ds.id = r.i ORDER BY r.i`,
    select({ id: offers.id }),
  );
  const ids = created.map((c) => Number(c.id)).sort((a, b) => a - b);
  for (const [i, { body }] of items.entries()) {
    const files = [...fileIdsOf(body.images), ...fileIdsOf(body.documents)];
    if (files.length) await attachFiles(tx, auth, 'offers', ids[i], files);
  }
  // the card's documents come in untyped: 'Другое' until typed on the card
  if (items.some(({ body }) => fileIdsOf(body.documents).length)) await adoptDocuments(tx, auth.user.id, ids);
  return ids;
}
