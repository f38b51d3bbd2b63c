// A reserve's way through its statuses: created (taking stock), changed while active (its amount moving
// stock), completed (the amount becomes purchased) or cancelled and deleted (the amount goes back). Each step
// runs through the record pipeline (the version the user saw, rights, history) and moves the offer's stock
// through offers/stock.ts in the step's own transaction, with the reserve row locked first and the offer row
// after it (the order bulk delete locks them in too), so concurrent steps serialise instead of overselling or
// deadlocking. The stock writer records the offer's change in its history, in the step's transaction.
import { getTableName, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { can, isFieldVisible, scopeOf } from '../../../domain/permissions';
import { RESERVE_WRITE_MSG } from '../../../domain/reserves/schema';
import {
  canReprice,
  currentTerms,
  growsOnOldTerms,
  keptTerms,
  sameTerms,
  TERMS_MSG,
  type ReserveTerms,
} from '../../../domain/reserves/terms';
import { badRequest, forbidden } from '../../errors';
import { CREDIT_MSG } from '../../../domain/buyers/credit';
import { select, selectFirst, selectRows } from '../../db/rows';
import { buyers as buyersTable, reserves as reservesTable } from '../../db/schema';
import { isRow, type BulkOutcome, type BulkRow, type RecordSection, type Row } from '../../records/pipeline';
import { readBusinessSettings } from '../../settings';
import { reserve, resize, type StockCause } from '../offers';
import { notify, recipients } from '../../records/notify';
import { NOTIFICATION_TEXT } from '../../../domain/notifications';
import type { HistoryCause } from '../../../domain/history';
import { BUYER_INN, chunkFacts } from './facts';
import {
  offerOfReserve,
  offersOfReserves,
  offerToReserve,
  reserveReadShape,
  storedReserve,
  storedReserves,
  type ReservedOffer,
} from './stored';
import { prepareReserve, type ReserveValues } from './record';
import { takeStockAgain, takeStockAgainMany } from './restore';
import { frozenChanges, frozenOf, type Frozen } from './frozen';
import { DEFAULT_TERMS } from '../../../domain/buyers/finance';
import { refuseReserveWithoutDocuments } from '../../records/documentsState';
import { checkCredit } from './credit';
import { createBuyerCard } from '../buyers';
import { recordHistory } from '../../records/history';
import { toNumber } from '../../../domain/numbers';

/** What the offer's history tells of a step of one reserve. */
export const stepOf = (auth: AuthenticatedUser, id: number, step: HistoryCause['step']): StockCause => ({
  by: auth.user.id,
  via: { section: 'reserves', step, ids: [id] },
});

const columnsOf = (values: ReserveValues) =>
  sql.join(
    Object.keys(values).map((k) => sql.identifier(k)),
    sql`, `,
  );
const valuesOf = (values: ReserveValues) =>
  sql.join(
    Object.values(values).map((v) => sql`${v}`),
    sql`, `,
  );
export const setOf = (values: Record<string, unknown>) =>
  sql.join(
    Object.entries(values).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`),
    sql`, `,
  );

/** A new reserve's checked values: the offer, its papers, the form on the offer's terms (or `held`: a
 * quote's), the responsible a role with 'own' create may name. */
export async function prepareNewReserve(db: Database, auth: AuthenticatedUser, body: Row, held?: ReserveTerms) {
  const offer = await offerToReserve(db, body.offer_id);
  // a lot that cannot legally ship, under 'Запрещать резерв без документов'
  await refuseReserveWithoutDocuments(db, offer.id);
  // what it keeps of the lot for good goes in with its row
  const values = { ...(await prepareReserve(db, auth, offer, body, undefined, false, held)), ...frozenOf(offer) };
  if (scopeOf(auth.permissions, 'reserves', 'create') === 'own' && values.responsible_id !== auth.user.employee_id) {
    throw forbidden(RESERVE_WRITE_MSG.responsibleLocked);
  }
  return { offer, values, newBuyer: newBuyerOf(auth, body, values) };
}

/** A reserve whose typed buyer is no card ('Новый покупатель') makes the card in its own step: the typed
 * name, phone and INN, the reserve's city, address and responsible, the default terms; the buyers' create right's.
 * Null where the reserve names its buyer (or the role does not see buyers at all). */
function newBuyerOf(auth: AuthenticatedUser, body: Row, values: ReserveValues): Row | null {
  if (values.buyer_id !== null || isHiddenBuyer(auth)) return null;
  if (!can(auth.permissions, 'buyers', 'create')) throw badRequest(CREDIT_MSG.newBuyerForbidden);
  return {
    name: values.buyer_name,
    phone: values.buyer_phone ?? '',
    inn: typeof body[BUYER_INN] === 'string' ? body[BUYER_INN] : '',
    city_id: values.city_id,
    delivery_address: values.delivery_address ?? '',
    responsible_id: values.responsible_id,
    ...DEFAULT_TERMS,
  };
}

const isHiddenBuyer = (auth: AuthenticatedUser) =>
  !isFieldVisible(auth.permissions, 'reserves', 'buyer_id') || !can(auth.permissions, 'buyers', 'read');

/** Does a change take more of the buyer's credit than the reserve had: another buyer, or a bigger selling sum? */
const takesMoreCredit = (current: Row, values: ReserveValues) =>
  values.buyer_id !== (current.buyer_id === null ? null : Number(current.buyer_id)) ||
  (toNumber(values.total_selling_sum) ?? 0) > (toNumber(current.total_selling_sum as string) ?? 0);

/** The reserves' bulk edit as sets (the dialog sets the responsible, the date and the delivery address): each
 * reserve through the card's own rules (prepareReserve: the schema on its offer's figures and its kept terms, the
 * selling band, who may be responsible, the references), their facts read for the chunk in a few statements; the
 * buyers locked and checked in one (the credit check's first step); stock moves through the stock writer and a
 * fuller credit check run per reserve only for one whose amount or credit moves (the dialog moves neither). */
async function changeReserves(tx: Database, auth: AuthenticatedUser, rows: BulkRow[]): Promise<BulkOutcome[]> {
  const stored = await storedReserves(
    tx,
    rows.map((r) => r.id),
  );
  const offers = await offersOfReserves(
    tx,
    [...stored.values()].map((r) => Number(r.offer_id)),
  );
  const facts = await chunkFacts(
    tx,
    [...stored.values()],
    rows.map((r) => r.body.responsible_id),
  );
  const outcomes = new Map<number, BulkOutcome>();
  const checked: { id: number; current: Row; values: ReserveValues }[] = [];
  for (const { id, body } of rows) {
    const current = stored.get(id)!;
    try {
      if (body.offer_id !== undefined && body.offer_id !== null && Number(body.offer_id) !== Number(current.offer_id))
        throw badRequest(RESERVE_WRITE_MSG.offerFixed);
      checked.push({
        id,
        current,
        values: await prepareReserve(
          tx,
          auth,
          offers.get(Number(current.offer_id))!,
          body,
          current,
          false,
          undefined,
          facts,
        ),
      });
    } catch (e) {
      outcomes.set(id, { id, refused: e });
    }
  }
  // the credit check's first step for all at once: the buyers locked (in id order), each there and not deleted
  const buyerIds = [...new Set(checked.map((c) => c.values.buyer_id).filter((b): b is number => b !== null))].sort(
    (x, y) => x - y,
  );
  const buyers = new Map(
    buyerIds.length
      ? (
          await selectRows(
            tx,
            select({ id: buyersTable.id, status: buyersTable.status }),
            sql`FROM ${buyersTable}
    WHERE ${buyersTable.id} = ANY(${`{${buyerIds.join(',')}}`}::int[]) ORDER BY ${buyersTable.id} FOR UPDATE`,
          )
        ).map((b) => [Number(b.id), b.status])
      : [],
  );
  for (const { id, current, values } of checked) {
    try {
      if (values.buyer_id !== null && (buyers.get(values.buyer_id) ?? 'deleted') === 'deleted')
        throw badRequest(CREDIT_MSG.buyerMissing);
      // what the dialog never moves, the card's own way, in a savepoint so that a refusal leaves nothing behind
      if (toNumber(values.amount) !== toNumber(current.amount as string) || takesMoreCredit(current, values)) {
        await tx.transaction(async (sp) => {
          await checkCredit(sp, auth, {
            buyerId: values.buyer_id,
            reserveId: id,
            sum: values.total_selling_sum,
            takesMore: takesMoreCredit(current, values),
            override: undefined,
          });
          await resize(sp, Number(current.offer_id), String(current.amount), values.amount, stepOf(auth, id, 'change'));
        });
      }
      outcomes.set(id, { id, set: { ...values } });
    } catch (e) {
      outcomes.set(id, { id, refused: e });
    }
  }
  return rows.map((r) => outcomes.get(r.id)!);
}

/** A reserve's card through the record pipeline: created taking stock, changed while active (a new amount moves
 * the offer's stock). A change keeps the terms the reserve was made on; `reprice: true` takes the offer's prices
 * and today's settings instead, for a role that sees the selling band it moves. */
export const reserveRecord: RecordSection<
  { offer: ReservedOffer; values: ReserveValues; newBuyer?: Row | null },
  'reserves'
> = {
  ...reserveReadShape,
  // restored active, a reserve takes its amount again (or is refused)
  beforeRestore: takeStockAgain,
  restoreMany: takeStockAgainMany,
  changeMany: (tx, auth, rows) => changeReserves(tx, auth, rows),
  prepareCreate: (db, auth, body) => prepareNewReserve(db, auth, body),
  // a delivery cost typed below the route's is recorded with the route's figure beside it; what it froze of the lot
  createdChanges: ({ values }) => [
    ...(values.route_delivery_cost === null
      ? []
      : [
          { field: 'delivery_cost', old: null, new: Number(values.delivery_cost) },
          { field: 'route_delivery_cost', old: null, new: Number(values.route_delivery_cost) },
        ]),
    ...frozenChanges(values as Partial<Frozen>),
  ],
  async insert(tx, auth, { offer, values: prepared, newBuyer }, body) {
    // 'Новый покупатель': the card first, in this transaction; the reserve is its
    const values = newBuyer ? { ...prepared, buyer_id: await createBuyerCard(tx, auth, newBuyer) } : prepared;
    // the reserve's number first, so the offer's history names it; the offer is locked before the reserve is
    // written (inserting it first would hold a key lock on the offer that two creators then deadlock on)
    const { id } = (await selectFirst(
      tx,
      select({
        id: sql<number>`nextval(pg_get_serial_sequence(${getTableName(reservesTable)}, ${reservesTable.id.name}))::int`,
      }),
    ))!;
    // the buyer's credit, beside the stock, before anything is written: the buyer's row locked before the
    // offer's, as every writer takes them
    const override = await checkCredit(tx, auth, {
      buyerId: values.buyer_id,
      reserveId: id,
      sum: values.total_selling_sum,
      takesMore: true,
      override: body.credit_override,
    });
    // the form was checked against the stock read before; the locked offer has the last word
    await reserve(tx, offer.id, values.amount, {
      by: auth.user.id,
      via: { section: 'reserves', step: 'create', ids: [id] },
    });
    await tx.execute(sql`
      INSERT INTO reserves (id, offer_id, ${columnsOf(values)}, created_by)
      VALUES (${id}, ${offer.id}, ${valuesOf(values)}, ${auth.user.id})`);
    await notify(tx, {
      to: recipients.authorOf(offer.id),
      kind: 'reserve_placed',
      section: 'reserves',
      recordId: id,
      text: NOTIFICATION_TEXT.reserve_placed(id, offer.id),
      by: auth.user.id,
    });
    if (override.length)
      await recordHistory(tx, auth.user.id, [
        { section: 'reserves', recordId: id, action: 'update', changes: override },
      ]);
    return id;
  },
  async change(tx, auth, { id, body }) {
    const current = (await storedReserve(tx, id))!;
    if (body.offer_id !== undefined && body.offer_id !== null && Number(body.offer_id) !== Number(current.offer_id)) {
      throw badRequest(RESERVE_WRITE_MSG.offerFixed);
    }
    const reprice = body.reprice === true;
    if (reprice && !canReprice(auth.permissions)) throw forbidden(TERMS_MSG.forbidden);
    const offer = (await offerOfReserve(tx, current.offer_id))!;
    const today = currentTerms(offer, await readBusinessSettings(tx));
    // what the user confirmed must be what is applied: a re-pricing names the terms its preview showed, and prices or
    // settings moved since the preview are refused
    if (reprice && !body.reprice_terms) throw badRequest(TERMS_MSG.unseen);
    if (reprice && !sameTerms(isRow(body.reprice_terms) ? body.reprice_terms : {}, today))
      throw badRequest(TERMS_MSG.moved);
    // a reserve whose offer's price moved since does not grow on its old terms (the offer's reserved sum is
    // the sum of its reserves' own sums)
    if (
      !reprice &&
      body.amount !== undefined &&
      growsOnOldTerms(current.amount, body.amount as string, keptTerms(current, today), today)
    ) {
      throw badRequest(TERMS_MSG.grow);
    }
    const values = await prepareReserve(tx, auth, offer, body, current, reprice);
    // more credit: another buyer, or a bigger selling sum than before; the buyer locked before the offer
    const extra = await checkCredit(tx, auth, {
      buyerId: values.buyer_id,
      reserveId: id,
      sum: values.total_selling_sum,
      takesMore: takesMoreCredit(current, values),
      override: body.credit_override,
    });
    await resize(tx, current.offer_id, current.amount, values.amount, stepOf(auth, id, 'change'));
    return { set: setOf(values), extra };
  },
};
