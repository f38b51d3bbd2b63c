// A buyer's 'Взаиморасчёты': its completed reserves (sales) and their payments, read from the database and laid
// out by domain/buyers/ledger.ts on the office's day; the same figures feed the credit check at the reserve.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { buildLedger, type Ledger, type LedgerTerms, type Payment, type Sale } from '../../../domain/buyers/ledger';
import { LEDGER_TEXTS } from '../../../domain/buyers/texts';
import { CREDIT_MSG, type CreditState } from '../../../domain/buyers/credit';
import { canSeePayments, PAYMENT_MSG } from '../../../domain/buyers/payments';
import { can } from '../../../domain/permissions';
import { formatDate } from '../../../domain/format';
import { inertText } from '../../../domain/spreadsheet';
import { forbidden, notFound } from '../../errors';
import { columnsOf, roundedOf, select, selectFirst, selectRows, textOf, type SelectedRow } from '../../db/rows';
import { buyerOpeningBalances, buyers, payments, reserves } from '../../db/schema';
import { hiddenFields, insertRecord, readRecord } from '../../records/pipeline';
import { todayOf } from '../../db/businessDay';
import { recordVisible } from '../../records/access';
import { buyersSpec } from './list';
import { buyerRecord } from './record';
import { notify } from '../../records/notify';
import { NOTIFICATION_TEXT } from '../../../domain/notifications';
import { addDays } from '../../../domain/businessDay';
import { dueDay, leftToPay, saleOf } from './debt';

/** The tables under the aliases the ledger's statements give them. */
const B = alias(buyers, 'b');
const P = alias(payments, 'p');
const R = alias(reserves, 'r');

/** A buyer's terms as the ledger and the credit check read them (domain/buyers/ledger.ts, LedgerTerms). */
const BUYER_TERMS = select({
  ...columnsOf(buyers, 'id', 'name', 'status', 'payment_terms', 'deferral_days'),
  credit_limit: roundedOf(buyers.credit_limit),
  responsible_id: buyers.responsible_id,
});
export type BuyerTerms = SelectedRow<typeof BUYER_TERMS>;

/** A completed reserve as a sale of the ledger (read where its completion day is set). */
const SALE = select({
  reserve_id: reserves.id,
  date: sql<string>`${reserves.actual_date_implementation}::text`,
  deleted: sql<boolean>`${reserves.status} = 'deleted'`,
  sum: sql<string>`round(coalesce(${reserves.total_selling_sum}, 0), 2)::text`,
});

/** A payment as the ledger reads it. */
const PAYMENT = select({
  id: P.id,
  reserve_id: P.reserve_id,
  date: textOf(P.date),
  amount: roundedOf(P.amount),
  comment: P.comment,
});

/** The buyer's terms; `lock` holds its row for the transaction (the credit check: racing reserves queue on it). */
export async function buyerTerms(db: Database, id: number, lock = false): Promise<BuyerTerms | undefined> {
  return selectFirst(db, BUYER_TERMS, sql`FROM ${buyers} WHERE ${buyers.id} = ${id} ${lock ? sql`FOR UPDATE` : sql``}`);
}

/** May the caller pick this buyer (on a reserve)? Within its read scope of buyers. */
export const buyerReadable = (db: Database, auth: AuthenticatedUser, id: number) =>
  recordVisible(db, buyersSpec, auth, id, 'read');

/** The ledger of a buyer on `day` (YYYY-MM-DD; the business day when not given). */
export async function ledgerOf(db: Database, terms: LedgerTerms & { id: number }, day?: string): Promise<Ledger> {
  const r = reserves;
  const sales: Sale[] = await selectRows(
    db,
    SALE,
    sql`
    FROM ${r} WHERE ${r.buyer_id} = ${terms.id} AND ${saleOf('reserves')} AND ${r.actual_date_implementation} IS NOT NULL
    ORDER BY ${r.actual_date_implementation}, ${r.id}`,
  );
  const paid: Payment[] = await selectRows(
    db,
    PAYMENT,
    sql`
    FROM ${payments} ${P} JOIN ${reserves} ${R} ON ${R.id} = ${P.reserve_id}
    WHERE ${R.buyer_id} = ${terms.id} AND ${saleOf('r')} AND NOT ${P.deleted} ORDER BY ${P.date}, ${P.id}`,
  );
  const opening = await selectFirst(
    db,
    select({ amount: roundedOf(buyerOpeningBalances.amount), as_of: textOf(buyerOpeningBalances.as_of) }),
    sql`FROM ${buyerOpeningBalances} WHERE ${buyerOpeningBalances.buyer_id} = ${terms.id}`,
  );
  return buildLedger(sales, paid, terms, day ?? (await todayOf(db)), opening ?? null);
}

/** The selling sums of the buyer's active reserves, but `except` (the reserve being changed). */
export async function reservedSum(db: Database, buyerId: number, except?: number): Promise<string> {
  const r = reserves;
  const row = await selectFirst(
    db,
    select({ sum: sql<string>`round(coalesce(sum(${r.total_selling_sum}), 0), 2)::text` }),
    sql`FROM ${r} WHERE ${r.buyer_id} = ${buyerId} AND ${r.status} = 'active' ${except ? sql`AND ${r.id} <> ${except}` : sql``}`,
  );
  return row?.sum ?? '0.00';
}

/** The buyer's credit as the reserve's check reads it: its limit, what it owes and the overdue part on
 * the business day, and its active reserves' selling sums (but `except`'s). A quote shows the same. */
export async function creditStateOf(db: Database, buyer: BuyerTerms, except?: number): Promise<CreditState> {
  const ledger = await ledgerOf(db, buyer);
  return {
    credit_limit: buyer.credit_limit,
    balance: ledger.balance,
    overdue: ledger.overdue,
    overdue_since: ledger.overdue_since,
    reserved: await reservedSum(db, buyer.id, except),
  };
}

/** GET /api/buyers/{id}/ledger: within the caller's read scope of the buyer; its money for roles that see reserves' sums. */
export async function readLedger(
  db: Database,
  auth: AuthenticatedUser,
  id: number,
): Promise<Ledger & { buyer: string }> {
  const buyer = await readRecord(db, auth, buyerRecord, id, false);
  if (!can(auth.permissions, 'reserves', 'read') || !canSeePayments(auth.permissions))
    throw forbidden(PAYMENT_MSG.forbidden);
  const terms = await buyerTerms(db, id);
  if (!terms) throw notFound();
  return { ...(await ledgerOf(db, terms)), buyer: String(buyer.name) };
}

/** The ledger as an XLSX: its lines and the totals under them. */
export async function ledgerXlsx(ledger: Ledger & { buyer: string }): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(LEDGER_TEXTS.sheet);
  sheet.columns = LEDGER_TEXTS.columns.map((header, i) => ({ header, width: [12, 12, 10, 16, 16, 14, 16, 40][i] }));
  for (const line of ledger.lines) {
    sheet.addRow([
      formatDate(line.date),
      LEDGER_TEXTS.kind[line.kind],
      line.reserve_id,
      line.sale === null ? null : Number(line.sale),
      line.payment === null ? null : Number(line.payment),
      line.due_date ? formatDate(line.due_date) : null,
      Number(line.balance),
      line.comment ? inertText(line.comment) : null,
    ]);
  }
  sheet.addRow([]);
  const totals: [string, string | null][] = [
    [LEDGER_TEXTS.sales, ledger.sales],
    [LEDGER_TEXTS.payments, ledger.payments],
    [LEDGER_TEXTS.balance, ledger.balance],
    [LEDGER_TEXTS.overdue, ledger.overdue],
  ];
  for (const [title, value] of totals) sheet.addRow([title, null, null, Number(value)]);
  if (ledger.overdue_since && ledger.overdue_days !== null)
    sheet.addRow([LEDGER_TEXTS.overdueFor(ledger.overdue_days, ledger.overdue_since)]);
  for (const key of [4, 5, 7]) sheet.getColumn(key).numFmt = '#,##0.00';
  return Buffer.from(await book.xlsx.writeBuffer());
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A buyer's debt that becomes overdue today (a completed reserve whose due day was yesterday, with
 * something left to pay) is told to the buyer's responsible, once (the dedupe key names the reserve and its due
 * day). The reserves' expiry job runs it with its reminders, on the business day. */
export async function remindOverdueDebts(tx: Tx, today: string): Promise<void> {
  // dueDay and leftToPay name the reserve and the buyer by these aliases
  const due = await selectRows(
    tx,
    select({
      id: R.id,
      buyer_id: B.id,
      name: B.name,
      responsible_id: B.responsible_id,
      due: sql<string>`${dueDay('r', 'b')}::text`,
    }),
    sql`
    FROM ${reserves} ${R} JOIN ${buyers} ${B} ON ${B.id} = ${R.buyer_id}
    WHERE ${saleOf('r')} AND ${B.responsible_id} IS NOT NULL
      AND ${dueDay('r', 'b')} = ${addDays(today, -1)}::date AND ${leftToPay('r')} > 0`,
  );
  for (const r of due) {
    await notify(tx, {
      to: sql`u.employee_id = ${r.responsible_id}`,
      kind: 'buyer_overdue',
      section: 'buyers',
      recordId: r.buyer_id,
      text: NOTIFICATION_TEXT.buyer_overdue(r.name, r.id),
      dedupe: `buyer_overdue:${r.id}:${r.due}`,
    });
  }
}

/** 'Новый покупатель': a buyer card made in a reserve's own step (its name, phone and INN, the reserve's
 * city, address and responsible, the default terms), through the card's own service (its checks, the INN's 409, the
 * create right and history), inside the reserve's transaction; answers its id. */
export async function createBuyerCard(
  tx: Database,
  auth: AuthenticatedUser,
  card: Record<string, unknown>,
): Promise<number> {
  if (!can(auth.permissions, 'buyers', 'create')) throw forbidden(CREDIT_MSG.newBuyerForbidden);
  const values = await buyerRecord.prepareCreate(tx, auth, card, hiddenFields(buyerRecord, auth));
  return insertRecord(tx, auth, buyerRecord, values, card);
}

// the finance acts' notices, published here for the reserves' payments and deletes
export { tellResponsibles } from './tell';
