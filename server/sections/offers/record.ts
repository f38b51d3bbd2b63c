// One offer's card as the record pipeline runs it: read with its ids and documents, created and changed under
// the shared schema, with the figures recomputed here whatever the client sent (the import creates offers
// through the same hooks).
import { sql } from 'drizzle-orm';
import { OFFER_FIELD_VISIBILITY, OFFER_FORM_FIELDS, OFFER_WRITE_MSG, unitMoved } from '../../../domain/offers/schema';
import { ratesOfDay } from './purchase';
import { todayOf } from '../../db/businessDay';
import { OFFER_RESERVES_MSG } from '../../../domain/reserves/messages';
import { readBusinessSettings } from '../../settings';
import { badRequest, conflict } from '../../errors';
import { rowsOf as rows, select, selectFirst } from '../../db/rows';
import { reserves } from '../../db/schema';
import { attachFiles, fileIdsOf } from '../../records/files';
import type { RecordSection, Row } from '../../records/pipeline';
import { offersSpec } from './list';
import { unitAmountChange } from './stock';
import { adoptDocuments } from './documentAdoption';
import { documentsJson } from './documentReads';
import { documentsStateSql, refreshDocumentsState } from '../../records/documentsState';
import { lockOfferReserves, moveReservesWithArrival, type LotWay } from './logistics';
import { type DuplicateKey, chunkTwins, findDuplicate, findDuplicates } from './duplicates';
import { HELD_RESERVES, changedStatus, changedValues, newOfferValues, withSellingBand } from './offerValues';
import { type OfferToInsert, goneOfferReferences, insertOffers, requireLiveReferences } from './insertOffers';
import { changeOffers } from './bulkChange';

/** The columns of the offer's card beside its list row: the ids its selects show, and its documents. */
const readColumns = {
  product_id: sql`o.product_id`,
  variety_id: sql`o.variety_id`,
  packing_id: sql`o.packing_id`,
  city_id: sql`o.city_id`,
  supplier_id: sql`o.supplier_id`,
  // typed and dated, with the state of the lot's papers
  documents: documentsJson('o'),
  documents_state: documentsStateSql('o'),
};

/** An offer's card. The figures are computed here whatever the client sent; the quantity goes through the stock
 * writer, which never lets it below what is reserved and purchased. */
export const offerRecord: RecordSection<OfferToInsert, 'offers'> = {
  spec: offersSpec,
  fields: [...OFFER_FORM_FIELDS, 'status'],
  visibleAs: OFFER_FIELD_VISIBILITY,
  readColumns,
  // an edit may move the dates of the offer's reserves (its expected arrival): they are locked before the offer
  lockFirst: lockOfferReserves,
  async prepareCreate(db, auth, body) {
    const today = await todayOf(db);
    const values = await newOfferValues(auth, body, today, await ratesOfDay(db, today));
    const existing = await findDuplicate(db, values);
    if (existing) throw conflict(OFFER_WRITE_MSG.duplicate(auth.permissions), 'Предложение', existing);
    return { values, settings: await readBusinessSettings(db) };
  },
  async insert(tx, auth, item, body) {
    const [id] = await insertOffers(tx, auth, [{ values: item, body }]);
    return id;
  },
  insertMany: insertOffers,
  changeMany: changeOffers,
  // a new offer's papers, and a changed one's (its product or origin may need other types): the write announces it
  async written(tx, ids) {
    await refreshDocumentsState(tx, sql`o.id = ANY(${`{${ids.join(',')}}`}::int[])`, false);
  },
  async change(tx, auth, { id, body, hidden, before }) {
    const [stored] = rows<Row>(await tx.execute(sql`SELECT * FROM offers WHERE id = ${id}`));
    // a date as its day's text (the locked record's JSON has it so), whatever the driver makes of a date column
    stored.expected_arrival = before.expected_arrival ?? null;
    stored.fixed_rate_date = before.fixed_rate_date ?? null;
    stored.purchase_rate_date = before.purchase_rate_date ?? null;
    const today = await todayOf(tx);
    const values = await changedValues(auth, stored, body, hidden, today, await ratesOfDay(tx, today));
    // an offer keeps a product deactivated since; it cannot be moved to one, nor to a deleted city or supplier
    await requireLiveReferences(tx, { values, stored });
    const status = changedStatus(stored, body, values);
    // the reserves and purchases count in the offer's unit: a new unit or unit weight would re-count them
    if (unitMoved(stored, values)) {
      const { held } = (await selectFirst(tx, select({ held: HELD_RESERVES(sql`${id}`) })))!;
      if (held > 0) throw badRequest(OFFER_WRITE_MSG.unitFixed(held));
    }
    // 'Выполнен' by hand only when no reserve still holds its goods (the offer is locked: none is made meanwhile)
    if (status === 'completed' && stored.status !== 'completed') {
      const { count } = (await selectFirst(
        tx,
        select({ count: sql<number>`count(*)::int` }),
        sql`FROM ${reserves} WHERE ${reserves.offer_id} = ${id} AND ${reserves.status} = 'active'`,
      ))!;
      if (count > 0) throw badRequest(OFFER_RESERVES_MSG.completeWithActive(count));
    }
    const { unit_amount, ...rest } = withSellingBand(values, await readBusinessSettings(tx), stored);
    // the quantity goes through the stock writer: the offer row is locked and checked against what is taken
    const quantity = await unitAmountChange(tx, id, unit_amount!);
    if (status === 'active') {
      const existing = await findDuplicate(tx, values, id);
      if (existing) throw conflict(OFFER_WRITE_MSG.duplicate(auth.permissions), 'Предложение', existing);
    }
    await attachFiles(tx, auth, 'offers', id, [...fileIdsOf(body.images), ...fileIdsOf(body.documents)]);
    if (fileIdsOf(body.documents).length) await adoptDocuments(tx, auth.user.id, [id]);
    // the lot expected later: its reserves' dates move with it, their responsibles are told
    await moveReservesWithArrival(tx, auth.user.id, id, before as LotWay, values);
    return {
      set: sql`${quantity}, ${sql.join(
        Object.entries(rest).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`),
        sql`, `,
      )}, status = ${status}`,
    };
  },
  // the same for a chunk at once: the twins outside it in one statement, inside it as they came back one by one
  async restoreMany(tx, auth, rows) {
    // an offer coming back active keeps no product, city or supplier deleted meanwhile
    const gone = new Map(
      (
        await goneOfferReferences(
          tx,
          rows.map((r) => ({ values: r.record, back: r.status === 'active' })),
        )
      ).map((refused, i) => [rows[i].id, refused]),
    );
    const back = rows.filter((r) => r.status === 'active' && !gone.get(r.id));
    const outside = await findDuplicates(
      tx,
      back.map((r) => r.record as DuplicateKey),
      rows.map((r) => r.id),
    );
    const twins = chunkTwins(
      rows.map((r) => r.record),
      back.map((r, i) => ({ id: r.id, to: r.record, outside: outside[i] })),
    );
    return rows.map(({ id }) => {
      const refused = gone.get(id);
      if (refused) return { id, refused: badRequest(refused) };
      const twin = twins.get(id);
      return twin
        ? { id, refused: conflict(OFFER_WRITE_MSG.duplicate(auth.permissions), 'Предложение', twin) }
        : { id };
    });
  },
  // an offer coming back active must not be the twin of an active one (the card's 409 rule); a deleted offer held
  // no reserved stock (bulk delete keeps those), so no stock moves
  async beforeRestore(tx, auth, record, status) {
    if (status !== 'active') return;
    await requireLiveReferences(tx, { values: record, back: true });
    const existing = await findDuplicate(tx, record as DuplicateKey, Number(record.id));
    if (existing) throw conflict(OFFER_WRITE_MSG.duplicate(auth.permissions), 'Предложение', existing);
  },
};
