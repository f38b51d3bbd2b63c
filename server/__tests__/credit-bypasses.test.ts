// Issue 49, 'Credit that holds': each way around a buyer's credit that the live review found, run first as the sales
// manager (role 1, the demo's manager@, without the finance right) and refused now, then what the finance right may
// do and what it tells the buyer's responsible. On PGlite by default, on PostgreSQL with DATABASE_URL.
import { sql } from 'drizzle-orm';
import dayjs from 'dayjs';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';
import { firstRow, rowsOf } from '../db/rows';
import { businessToday, TIME_ZONE_DEFAULT } from '../../domain/businessDay';

const day = () => dayjs(businessToday(TIME_ZONE_DEFAULT));
const iso = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

let ctx: DemoContext;
let trade: Trade;
/** The demo manager's employee: the responsible of the buyers and reserves the manager works with (own scope). */
let managerEmployee: number;
/** One big lot most reserves here take from. */
let stock: { id: number };
let inns = 0;
const call: DemoContext['call'] = (...args) => ctx.call(...args);
const change: DemoContext['change'] = (...args) => ctx.change(...args);

/** A valid company INN of its own per call (domain/inn.ts weights). */
function nextInn(): string {
  const body = `78${String(5_000_000 + inns++).padStart(7, '0')}`;
  const sum = [2, 4, 10, 3, 5, 9, 4, 6, 8].reduce((s, w, i) => s + w * Number(body[i]), 0);
  return body + ((sum % 11) % 10);
}

/** A buyer the manager looks after, made by the administrator (who holds the finance right). */
async function newBuyer(patch: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/buyers', 'admin', {
    name: `ООО «Кредит ${inns}»`, inn: nextInn(), city_id: trade.cityIds[1], delivery_address: 'Казань, ул. Пушкина, 1', phone: `+7 (912) 555-${String(1000 + inns).slice(-4, -2)}-${String(1000 + inns).slice(-2)}`,
    responsible_id: managerEmployee, payment_terms: 'deferral', deferral_days: '10', ...patch,
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string; phone: string } & Record<string, unknown>;
}

/** 20 kg at 400 ₽: a selling sum of 8 000,00 ₽, the manager's own reserve. */
const reserveFor = (offerId: number, buyerId: number | null, patch: Record<string, unknown> = {}) =>
  reserveForm(trade, offerId, { buyer_id: buyerId, buyer_name: '', buyer_phone: '', city_id: '', delivery_address: '', unit_selling_price: '400', responsible_id: managerEmployee, ...patch });

/** A sale of 8 000,00 ₽ for the buyer, completed `ago` days back (the reserve counts as made that day). */
async function saleFor(buyerId: number, ago: number) {
  const made = await call('POST', '/api/reserves', 'admin', reserveFor(stock.id, buyerId));
  expect(made.status).toBe(201);
  const done = iso(day().subtract(ago, 'day'));
  await ctx.db.execute(sql`UPDATE reserves SET created_at = ${done}::date WHERE id = ${made.body.id}`);
  expect((await change('POST', `/api/reserves/${made.body.id}/complete`, 'admin', { actual_date_implementation: done })).status).toBe(200);
  return { id: made.body.id as number, done };
}

const ledgerOf = async (buyerId: number) => (await call('GET', `/api/buyers/${buyerId}/ledger`, 'admin')).body as Record<string, unknown> & { lines: Record<string, unknown>[] };
const told = async (buyerId: number) => rowsOf<{ text: string }>(await ctx.db.execute(sql`SELECT n.text FROM notifications n JOIN users u ON u.id = n.user_id
  WHERE u.employee_id = ${managerEmployee} AND n.kind = 'buyer_finance' AND n.record_id = ${buyerId} ORDER BY n.id`)).map((n) => n.text);

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
  stock = await trade.newOffer('1000000');
  managerEmployee = firstRow<{ id: number }>(await ctx.db.execute(sql`SELECT employee_id AS id FROM users WHERE email = 'manager@nutdesk.demo'`))!.id;
}, 120_000);
afterAll(() => ctx?.close());

test('the finance right: role 1 has none, an administrator has it', async () => {
  expect((await call('GET', '/api/permissions', 'manager')).body.finance).toBe(false);
  expect((await call('GET', '/api/permissions', 'admin')).body.finance).toBe(true);
  const roles = (await call('GET', '/api/admin/roles', 'admin')).body.roles as { id: number; finance: boolean }[];
  expect(roles.find((r) => r.id === 1)?.finance).toBe(false);
});

test('paying it himself: the manager\'s payment on an overdue sale is refused, the next reserve still is', async () => {
  const buyer = await newBuyer();
  const sale = await saleFor(buyer.id, 15);
  const paid = await change('POST', `/api/reserves/${sale.id}/payments`, 'manager', { date: iso(day()), amount: '8000', comment: 'Оплатили' });
  expect([paid.status, paid.body.message]).toEqual([403, 'Вносить оплаты может только роль с правом «Финансы»']);
  expect(firstRow<{ n: number }>(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM payments WHERE reserve_id = ${sale.id}`))!.n).toBe(0);
  const offer = stock;
  const next = await call('POST', '/api/reserves', 'manager', reserveFor(offer.id, buyer.id));
  expect([next.status, next.body.error]).toEqual([409, 'credit']);
  // the finance right: not dated before the sale nor after today; then paid, the responsible told who and why
  const early = await change('POST', `/api/reserves/${sale.id}/payments`, 'admin', { date: iso(day().subtract(16, 'day')), amount: '100' });
  expect([early.status, early.body.messages]).toEqual([400, [`Дата оплаты не может быть раньше продажи (${day().subtract(15, 'day').format('DD.MM.YYYY')})`]]);
  const late = await change('POST', `/api/reserves/${sale.id}/payments`, 'admin', { date: iso(day().add(1, 'day')), amount: '100' });
  expect([late.status, late.body.messages]).toEqual([400, ['Дата оплаты не может быть позже сегодняшней']]);
  const ok = await change('POST', `/api/reserves/${sale.id}/payments`, 'admin', { date: sale.done, amount: '8000', comment: 'Платежное поручение 12' });
  expect(ok.status).toBe(200);
  expect(await told(buyer.id)).toEqual([`Покупатель «${buyer.name}»: оплата 8 000,00 ₽ по резерву № ${sale.id}: Платежное поручение 12 (admin@nutdesk.demo)`.replace('admin@nutdesk.demo', await adminName())]);
  expect((await call('POST', '/api/reserves', 'manager', reserveFor(offer.id, buyer.id))).status).toBe(201);
  // taking it back is the finance right's too
  const [payment] = rowsOf<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM payments WHERE reserve_id = ${sale.id}`));
  const back = await change('DELETE', `/api/reserves/${sale.id}/payments/${payment.id}`, 'manager', {});
  expect([back.status, back.body.message]).toEqual([403, 'Удалить оплату может только роль с правом «Финансы»']);
});

const adminName = async () => {
  const row = firstRow<{ name: string | null; email: string }>(await ctx.db.execute(sql`SELECT name, email FROM users WHERE email = 'admin@nutdesk.demo'`))!;
  return row.name?.trim() || row.email;
};

test('raising the limit: the manager may not move a buyer\'s limit, terms or deferral; nor start a new buyer on credit', async () => {
  const buyer = await newBuyer({ credit_limit: '10000000' });
  const raised = await change('PATCH', `/api/buyers/${buyer.id}`, 'manager', { credit_limit: '900000000' });
  expect([raised.status, raised.body.message]).toEqual([403, 'Кредитный лимит, условия оплаты и отсрочку покупателя меняет только роль с правом «Финансы»']);
  for (const patch of [{ deferral_days: '180' }, { payment_terms: 'prepay' }, { credit_limit: '' }]) {
    expect((await change('PATCH', `/api/buyers/${buyer.id}`, 'manager', patch)).status).toBe(403);
  }
  expect(firstRow(await ctx.db.execute(sql`SELECT credit_limit::text AS l, deferral_days AS d FROM buyers WHERE id = ${buyer.id}`))).toEqual({ l: '10000000.00', d: 10 });
  // what is not the finance right's still changes
  expect((await change('PATCH', `/api/buyers/${buyer.id}`, 'manager', { delivery_address: 'Казань, ул. Баумана, 2', credit_limit: '10000000.00' })).status).toBe(200);
  // a new buyer of the manager's: the default terms only
  const onCredit = await call('POST', '/api/buyers', 'manager', { name: 'ООО «Свой»', payment_terms: 'deferral', deferral_days: '90', credit_limit: '50000000' });
  expect([onCredit.status, onCredit.body.message]).toEqual([403, 'Кредитный лимит, условия оплаты и отсрочку покупателя меняет только роль с правом «Финансы»']);
  const plain = await call('POST', '/api/buyers', 'manager', { name: 'ООО «Свой»', payment_terms: 'prepay' });
  expect([plain.status, plain.body.payment_terms, plain.body.credit_limit]).toEqual([201, 'prepay', null]);
  // the finance right moves it, and the responsible is told
  expect((await change('PATCH', `/api/buyers/${buyer.id}`, 'admin', { credit_limit: '12000000' })).status).toBe(200);
  expect(await told(buyer.id)).toEqual([`Покупатель «${buyer.name}»: изменены условия: Кредитный лимит, ₽: 10 000 000,00 ₽ → 12 000 000,00 ₽ (${await adminName()})`]);
});

test('deleting the overdue sale: refused without the finance right; a deleted sale stays owed in the ledger', async () => {
  const buyer = await newBuyer();
  const sale = await saleFor(buyer.id, 30);
  const overdue = (await ledgerOf(buyer.id)).overdue;
  expect(overdue).toBe('8000.00');
  const gone = await call('DELETE', '/api/reserves', 'manager', { ids: [sale.id] });
  expect(gone.body).toMatchObject({ deleted: 0, refused: [{ id: sale.id, reason: 'Завершенную продажу может удалить только роль с правом «Финансы»' }] });
  expect(firstRow<{ status: string }>(await ctx.db.execute(sql`SELECT status FROM reserves WHERE id = ${sale.id}`))!.status).toBe('completed');
  expect((await ledgerOf(buyer.id)).overdue).toBe('8000.00');
  const offer = stock;
  expect((await call('POST', '/api/reserves', 'manager', reserveFor(offer.id, buyer.id))).status).toBe(409);
  // the finance right deletes it: still owed, shown as deleted; the card's figures and the next reserve agree
  expect((await call('DELETE', '/api/reserves', 'admin', { ids: [sale.id] })).body.deleted).toBe(1);
  const ledger = await ledgerOf(buyer.id);
  expect(ledger).toMatchObject({ sales: '8000.00', balance: '8000.00', overdue: '8000.00' });
  expect(ledger.lines).toEqual([expect.objectContaining({ kind: 'sale', reserve_id: sale.id, deleted: true })]);
  expect((await call('GET', `/api/buyers/${buyer.id}`, 'admin')).body).toMatchObject({ balance: '8000.00', overdue: '8000.00' });
  expect((await call('POST', '/api/reserves', 'manager', reserveFor(offer.id, buyer.id))).status).toBe(409);
  expect(await told(buyer.id)).toEqual([`Покупатель «${buyer.name}»: удалена завершенная продажа по резерву № ${sale.id}; в долге она остается (${await adminName()})`]);
});
