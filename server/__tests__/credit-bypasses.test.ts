// Issue 49, 'Credit that holds': each way around a buyer's credit that the live review found, run first as the sales
// manager (role 1, the demo's manager@, without the finance right) and refused now, then what the finance right may
// do and what it tells the buyer's responsible. On PGlite by default, on PostgreSQL with DATABASE_URL.
import { sql } from 'drizzle-orm';
import dayjs from 'dayjs';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';
import { firstRow, rowsOf } from '../db/rows';
import { businessToday, TIME_ZONE_DEFAULT } from '../../domain/businessDay';
import { runReserveExpiry } from '../sections/reserves/expiry';

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
    name: `ООО «Кредит ${inns}»`,
    inn: nextInn(),
    city_id: trade.cityIds[1],
    delivery_address: 'Казань, ул. Пушкина, 1',
    phone: `+7 (912) 555-${String(1000 + inns).slice(-4, -2)}-${String(1000 + inns).slice(-2)}`,
    responsible_id: managerEmployee,
    payment_terms: 'deferral',
    deferral_days: '10',
    ...patch,
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string; phone: string } & Record<string, unknown>;
}

/** 20 kg at 400 ₽: a selling sum of 8 000,00 ₽, the manager's own reserve. */
const reserveFor = (offerId: number, buyerId: number | null, patch: Record<string, unknown> = {}) =>
  reserveForm(trade, offerId, {
    buyer_id: buyerId,
    buyer_name: '',
    buyer_phone: '',
    city_id: '',
    delivery_address: '',
    unit_selling_price: '400',
    responsible_id: managerEmployee,
    ...patch,
  });

/** A sale of 8 000,00 ₽ for the buyer, completed `ago` days back (the reserve counts as made that day). */
async function saleFor(buyerId: number, ago: number) {
  const made = await call('POST', '/api/reserves', 'admin', reserveFor(stock.id, buyerId));
  expect(made.status).toBe(201);
  const done = iso(day().subtract(ago, 'day'));
  await ctx.db.execute(sql`UPDATE reserves SET created_at = ${done}::date WHERE id = ${made.body.id}`);
  expect(
    (await change('POST', `/api/reserves/${made.body.id}/complete`, 'admin', { actual_date_implementation: done }))
      .status,
  ).toBe(200);
  return { id: made.body.id as number, done };
}

const ledgerOf = async (buyerId: number) =>
  (await call('GET', `/api/buyers/${buyerId}/ledger`, 'admin')).body as Record<string, unknown> & {
    lines: Record<string, unknown>[];
  };
const told = async (buyerId: number) =>
  rowsOf<{ text: string }>(
    await ctx.db.execute(sql`SELECT n.text FROM notifications n JOIN users u ON u.id = n.user_id
  WHERE u.employee_id = ${managerEmployee} AND n.kind = 'buyer_finance' AND n.record_id = ${buyerId} ORDER BY n.id`),
  ).map((n) => n.text);

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
  stock = await trade.newOffer('1000000');
  managerEmployee = firstRow<{ id: number }>(
    await ctx.db.execute(sql`SELECT employee_id AS id FROM users WHERE email = 'manager@nutdesk.demo'`),
  )!.id;
}, 120_000);
afterAll(() => ctx?.close());

test('the finance right: role 1 has none, an administrator has it', async () => {
  expect((await call('GET', '/api/permissions', 'manager')).body.finance).toBe(false);
  expect((await call('GET', '/api/permissions', 'admin')).body.finance).toBe(true);
  const roles = (await call('GET', '/api/admin/roles', 'admin')).body.roles as { id: number; finance: boolean }[];
  expect(roles.find((r) => r.id === 1)?.finance).toBe(false);
});

test("paying it himself: the manager's payment on an overdue sale is refused, the next reserve still is", async () => {
  const buyer = await newBuyer();
  const sale = await saleFor(buyer.id, 15);
  const paid = await change('POST', `/api/reserves/${sale.id}/payments`, 'manager', {
    date: iso(day()),
    amount: '8000',
    comment: 'Оплатили',
  });
  expect([paid.status, paid.body.message]).toEqual([403, 'Вносить оплаты может только роль с правом «Финансы»']);
  expect(
    firstRow<{ n: number }>(
      await ctx.db.execute(sql`SELECT count(*)::int AS n FROM payments WHERE reserve_id = ${sale.id}`),
    )!.n,
  ).toBe(0);
  const offer = stock;
  const next = await call('POST', '/api/reserves', 'manager', reserveFor(offer.id, buyer.id));
  expect([next.status, next.body.error]).toEqual([409, 'credit']);
  // the finance right: not dated before the sale nor after today; then paid, the responsible told who and why
  const early = await change('POST', `/api/reserves/${sale.id}/payments`, 'admin', {
    date: iso(day().subtract(16, 'day')),
    amount: '100',
  });
  expect([early.status, early.body.messages]).toEqual([
    400,
    [`Дата оплаты не может быть раньше продажи (${day().subtract(15, 'day').format('DD.MM.YYYY')})`],
  ]);
  const late = await change('POST', `/api/reserves/${sale.id}/payments`, 'admin', {
    date: iso(day().add(1, 'day')),
    amount: '100',
  });
  expect([late.status, late.body.messages]).toEqual([400, ['Дата оплаты не может быть позже сегодняшней']]);
  const ok = await change('POST', `/api/reserves/${sale.id}/payments`, 'admin', {
    date: sale.done,
    amount: '8000',
    comment: 'Платежное поручение 12',
  });
  expect(ok.status).toBe(200);
  expect(await told(buyer.id)).toEqual([
    `Покупатель «${buyer.name}»: оплата 8 000,00 ₽ по резерву № ${sale.id}: Платежное поручение 12 (admin@nutdesk.demo)`.replace(
      'admin@nutdesk.demo',
      await adminName(),
    ),
  ]);
  expect((await call('POST', '/api/reserves', 'manager', reserveFor(offer.id, buyer.id))).status).toBe(201);
  // taking it back is the finance right's too
  const [payment] = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM payments WHERE reserve_id = ${sale.id}`),
  );
  const back = await change('DELETE', `/api/reserves/${sale.id}/payments/${payment.id}`, 'manager', {});
  expect([back.status, back.body.message]).toEqual([403, 'Удалить оплату может только роль с правом «Финансы»']);
});

const adminName = async () => {
  const row = firstRow<{ name: string | null; email: string }>(
    await ctx.db.execute(sql`SELECT name, email FROM users WHERE email = 'admin@nutdesk.demo'`),
  )!;
  return row.name?.trim() || row.email;
};

test("raising the limit: the manager may not move a buyer's limit, terms or deferral; nor start a new buyer on credit", async () => {
  const buyer = await newBuyer({ credit_limit: '10000000' });
  const raised = await change('PATCH', `/api/buyers/${buyer.id}`, 'manager', { credit_limit: '900000000' });
  expect([raised.status, raised.body.message]).toEqual([
    403,
    'Кредитный лимит, условия оплаты и отсрочку покупателя меняет только роль с правом «Финансы»',
  ]);
  for (const patch of [{ deferral_days: '180' }, { payment_terms: 'prepay' }, { credit_limit: '' }]) {
    expect((await change('PATCH', `/api/buyers/${buyer.id}`, 'manager', patch)).status).toBe(403);
  }
  expect(
    firstRow(
      await ctx.db.execute(sql`SELECT credit_limit::text AS l, deferral_days AS d FROM buyers WHERE id = ${buyer.id}`),
    ),
  ).toEqual({ l: '10000000.00', d: 10 });
  // what is not the finance right's still changes
  expect(
    (
      await change('PATCH', `/api/buyers/${buyer.id}`, 'manager', {
        delivery_address: 'Казань, ул. Баумана, 2',
        credit_limit: '10000000.00',
      })
    ).status,
  ).toBe(200);
  // a new buyer of the manager's: the default terms only
  const onCredit = await call('POST', '/api/buyers', 'manager', {
    name: 'ООО «Свой»',
    payment_terms: 'deferral',
    deferral_days: '90',
    credit_limit: '50000000',
  });
  expect([onCredit.status, onCredit.body.message]).toEqual([
    403,
    'Кредитный лимит, условия оплаты и отсрочку покупателя меняет только роль с правом «Финансы»',
  ]);
  const plain = await call('POST', '/api/buyers', 'manager', { name: 'ООО «Свой»', payment_terms: 'prepay' });
  expect([plain.status, plain.body.payment_terms, plain.body.credit_limit]).toEqual([201, 'prepay', null]);
  // the finance right moves it, and the responsible is told
  expect((await change('PATCH', `/api/buyers/${buyer.id}`, 'admin', { credit_limit: '12000000' })).status).toBe(200);
  expect(await told(buyer.id)).toEqual([
    `Покупатель «${buyer.name}»: изменены условия: Кредитный лимит, ₽: 10 000 000,00 ₽ → 12 000 000,00 ₽ (${await adminName()})`,
  ]);
});

test('deleting the overdue sale: refused without the finance right; a deleted sale stays owed in the ledger', async () => {
  const buyer = await newBuyer();
  const sale = await saleFor(buyer.id, 30);
  const overdue = (await ledgerOf(buyer.id)).overdue;
  expect(overdue).toBe('8000.00');
  const gone = await call('DELETE', '/api/reserves', 'manager', { ids: [sale.id] });
  expect(gone.body).toMatchObject({
    deleted: 0,
    refused: [{ id: sale.id, reason: 'Завершенную продажу может удалить только роль с правом «Финансы»' }],
  });
  expect(
    firstRow<{ status: string }>(await ctx.db.execute(sql`SELECT status FROM reserves WHERE id = ${sale.id}`))!.status,
  ).toBe('completed');
  expect((await ledgerOf(buyer.id)).overdue).toBe('8000.00');
  const offer = stock;
  expect((await call('POST', '/api/reserves', 'manager', reserveFor(offer.id, buyer.id))).status).toBe(409);
  // the finance right deletes it: still owed, shown as deleted; the card's figures and the next reserve agree
  expect((await call('DELETE', '/api/reserves', 'admin', { ids: [sale.id] })).body.deleted).toBe(1);
  const ledger = await ledgerOf(buyer.id);
  expect(ledger).toMatchObject({ sales: '8000.00', balance: '8000.00', overdue: '8000.00' });
  expect(ledger.lines).toEqual([expect.objectContaining({ kind: 'sale', reserve_id: sale.id, deleted: true })]);
  expect((await call('GET', `/api/buyers/${buyer.id}`, 'admin')).body).toMatchObject({
    balance: '8000.00',
    overdue: '8000.00',
  });
  expect((await call('POST', '/api/reserves', 'manager', reserveFor(offer.id, buyer.id))).status).toBe(409);
  expect(await told(buyer.id)).toEqual([
    `Покупатель «${buyer.name}»: удалена завершенная продажа по резерву № ${sale.id}; в долге она остается (${await adminName()})`,
  ]);
});

const refusedFor = async (id: number) =>
  firstRow<{ status: string; deleted: boolean }>(
    await ctx.db.execute(sql`SELECT status, deleted_at IS NOT NULL AS deleted FROM reserves WHERE id = ${id}`),
  );

test('restoring a deleted reserve: over the limit it is refused, single and bulk, and stays deleted', async () => {
  // limit 12 000,00: one reserve of 8 000,00 fits; it is deleted and another made; restored, 16 000,00 would be active
  const buyer = await newBuyer({ credit_limit: '12000' });
  const first = await call('POST', '/api/reserves', 'manager', reserveFor(stock.id, buyer.id));
  expect(first.status).toBe(201);
  expect((await call('DELETE', '/api/reserves', 'manager', { ids: [first.body.id] })).body.deleted).toBe(1);
  expect((await call('POST', '/api/reserves', 'manager', reserveFor(stock.id, buyer.id))).status).toBe(201);
  const over = ['Превышен кредитный лимит: лимит 12 000,00 ₽, долг и резервы 8 000,00 ₽, этот резерв 8 000,00 ₽'];
  const single = await call('POST', `/api/reserves/${first.body.id}/restore`, 'manager', {});
  expect([single.status, single.body.error, single.body.messages]).toEqual([409, 'credit', over]);
  expect(await refusedFor(first.body.id)).toEqual({ status: 'deleted', deleted: true });
  // bulk: limit 20 000,00, 8 000,00 active; of two deleted reserves of 8 000,00 the first comes back, the second would
  // make 24 000,00 and is refused with the figures it met
  const other = await newBuyer({ credit_limit: '20000' });
  const made: number[] = [];
  const make = async () => {
    const res = await call('POST', '/api/reserves', 'manager', reserveFor(stock.id, other.id));
    expect(res.status).toBe(201);
    made.push(res.body.id);
  };
  await make();
  await make();
  expect((await call('DELETE', '/api/reserves', 'manager', { ids: made.slice(0, 2) })).body.deleted).toBe(2);
  await make();
  const bulk = await call('POST', '/api/reserves/restore', 'manager', { ids: made.slice(0, 2) });
  expect(bulk.status).toBe(200);
  expect(bulk.body).toMatchObject({
    restored: 1,
    notRestored: 1,
    refused: [
      {
        id: made[1],
        reason: 'Превышен кредитный лимит: лимит 20 000,00 ₽, долг и резервы 16 000,00 ₽, этот резерв 8 000,00 ₽',
      },
    ],
  });
  expect(await refusedFor(made[0])).toEqual({ status: 'active', deleted: false });
  expect(await refusedFor(made[1])).toEqual({ status: 'deleted', deleted: true });
});

/** POST …/renew on the version the reserve has now. */
const renew = async (id: number, who: 'admin' | 'manager', body: Record<string, unknown> = {}) =>
  call('POST', `/api/reserves/${id}/renew`, who, {
    version: firstRow<{ version: number }>(await ctx.db.execute(sql`SELECT version FROM reserves WHERE id = ${id}`))!
      .version,
    ...body,
  });

test('renewing an expired reserve: over the limit it is refused; the finance right may, with a reason', async () => {
  const buyer = await newBuyer({ credit_limit: '10000' });
  const made = await call('POST', '/api/reserves', 'manager', reserveFor(stock.id, buyer.id));
  expect(made.status).toBe(201);
  await ctx.db.execute(
    sql`UPDATE reserves SET reserved_until = ${iso(day().subtract(1, 'day'))}::date WHERE id = ${made.body.id}`,
  );
  expect(await runReserveExpiry(ctx.db)).toContain(made.body.id);
  // expired, it holds no credit: another reserve of 8 000,00 fits the 10 000,00
  expect((await call('POST', '/api/reserves', 'manager', reserveFor(stock.id, buyer.id))).status).toBe(201);
  const renewed = await renew(made.body.id, 'manager');
  expect([renewed.status, renewed.body.error, renewed.body.messages]).toEqual([
    409,
    'credit',
    ['Превышен кредитный лимит: лимит 10 000,00 ₽, долг и резервы 8 000,00 ₽, этот резерв 8 000,00 ₽'],
  ]);
  expect((await refusedFor(made.body.id))!.status).toBe('expired');
  const withReason = await renew(made.body.id, 'manager', { credit_override: { reason: 'Обещали оплатить' } });
  expect([withReason.status, withReason.body.message]).toEqual([
    403,
    'Превышать кредитный лимит и резервировать при просроченном долге может только роль с правом «Финансы»',
  ]);
  const byFinance = await renew(made.body.id, 'admin', { credit_override: { reason: 'Предоплата в пути' } });
  expect([byFinance.status, byFinance.body.status]).toEqual([200, 'active']);
});

test('typing the buyer instead of picking him: his name and phone are his card, overdue and refused', async () => {
  const buyer = await newBuyer();
  // 8 000,00 completed 15 days back on 10 days' deferral: overdue since 4 days back
  await saleFor(buyer.id, 15);
  const typed = reserveFor(stock.id, null, {
    buyer_name: ` ${buyer.name.toUpperCase()} `,
    buyer_phone: buyer.phone,
    city_id: trade.cityIds[1],
    delivery_address: 'Казань, ул. Пушкина, 1',
  });
  const res = await call('POST', '/api/reserves', 'manager', typed);
  expect([res.status, res.body.error, res.body.messages]).toEqual([
    409,
    'credit',
    [`У покупателя просроченный долг 8 000,00 ₽ (с ${day().subtract(4, 'day').format('DD.MM.YYYY')})`],
  ]);
  const mine = async () =>
    rowsOf<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM reserves WHERE buyer_id = ${buyer.id}`)).length;
  expect(await mine()).toBe(1);
  // the finance right goes ahead with a reason: the reserve is the card's, its sum in his credit
  const byFinance = await call('POST', '/api/reserves', 'admin', {
    ...typed,
    credit_override: { reason: 'Гарантийное письмо' },
  });
  expect(byFinance.status).toBe(201);
  expect(firstRow(await ctx.db.execute(sql`SELECT buyer_id FROM reserves WHERE id = ${byFinance.body.id}`))).toEqual({
    buyer_id: buyer.id,
  });
  expect(await mine()).toBe(2);
});

test('a quote held for ever: its date is capped, an expired one is not reopened, and one without its buyer is not reserved', async () => {
  const holdDays = Number(
    firstRow<{ value: string }>(
      await ctx.db.execute(sql`SELECT value FROM business_settings WHERE name = 'reserve_hold_days'`),
    )?.value ?? 5,
  );
  const quote = (who: 'admin' | 'manager', extra: Record<string, unknown>) =>
    call('POST', '/api/quotes', who, {
      city_id: trade.cityIds[1],
      buyer_name: 'ООО «Без карточки»',
      lines: [{ offers: [{ offer_id: stock.id, amount: 10 }], unit_price: 400 }],
      ...extra,
    });
  const forEver = await quote('manager', { valid_until: '9999-12-31' });
  expect([forEver.status, forEver.body.messages]).toEqual([
    400,
    [`Котировка действует не дольше ${day().add(holdDays, 'day').format('DD.MM.YYYY')}`],
  ]);
  // an administrator holds it up to quote_max_days (14 by default)
  const admin = await quote('admin', { valid_until: '9999-12-31' });
  expect([admin.status, admin.body.messages]).toEqual([
    400,
    [`Котировка действует не дольше ${day().add(Math.max(14, holdDays), 'day').format('DD.MM.YYYY')}`],
  ]);
  expect((await quote('admin', { valid_until: iso(day().add(Math.max(14, holdDays), 'day')) })).status).toBe(201);
  // an expired quote stays expired
  const q = await quote('manager', {});
  expect(q.status).toBe(201);
  await ctx.db.execute(
    sql`UPDATE quotes SET valid_until = ${iso(day().subtract(1, 'day'))}::date WHERE id = ${q.body.id}`,
  );
  const reopened = await call('PATCH', `/api/quotes/${q.body.id}`, 'manager', {
    version: q.body.version,
    valid_until: iso(day().add(1, 'day')),
  });
  expect([reopened.status, reopened.body.messages]).toEqual([
    400,
    ['Котировка истекла: срок истекшей котировки не продлевается, сохраните новое предложение'],
  ]);
  expect(
    firstRow(await ctx.db.execute(sql`SELECT valid_until::text AS v FROM quotes WHERE id = ${q.body.id}`)),
  ).toEqual({ v: iso(day().subtract(1, 'day')) });
  // a valid quote saved with a typed buyer, no card: its reserve needs the buyer
  const typed = await quote('manager', {});
  const reserved = await call('POST', `/api/quotes/${typed.body.id}/reserve`, 'manager', {
    delivery_address: 'Казань, ул. Пушкина, 1',
    buyer_phone: '+7 (912) 555-00-00',
  });
  expect([reserved.status, reserved.body.messages]).toEqual([
    400,
    ['Выберите покупателя котировки: резерв ставится на карточку покупателя'],
  ]);
  expect(
    firstRow(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM reserves WHERE quote_id = ${typed.body.id}`)),
  ).toEqual({ n: 0 });
});

test("a typed buyer no card names is a new card made in the reserve's step, with the default terms; without the create right on buyers, refused", async () => {
  const inn = nextInn();
  const typed = reserveFor(stock.id, null, {
    buyer_name: 'ООО «Новый покупатель»',
    buyer_phone: '+7 (912) 700-00-01',
    buyer_inn: inn,
    city_id: trade.cityIds[1],
    delivery_address: 'Казань, ул. Пушкина, 3',
  });
  const cards = async () =>
    rowsOf<Record<string, unknown>>(
      await ctx.db.execute(sql`SELECT id, name, phone, inn, city_id, responsible_id, payment_terms,
    deferral_days, credit_limit FROM buyers WHERE inn = ${inn} ORDER BY id`),
    );
  // the manager without the create right on buyers: nothing is made
  await ctx.db.execute(
    sql`UPDATE role_permissions SET scope = 'none' WHERE role_id = 1 AND resource = 'buyers' AND action = 'create'`,
  );
  try {
    const refused = await call('POST', '/api/reserves', 'manager', typed);
    expect([refused.status, refused.body.messages]).toEqual([
      400,
      ['Такого покупателя нет: добавить нового покупателя может роль с правом создавать покупателей'],
    ]);
    expect(await cards()).toEqual([]);
    expect(
      firstRow(
        await ctx.db.execute(sql`SELECT count(*)::int AS n FROM reserves WHERE buyer_name = 'ООО «Новый покупатель»'`),
      ),
    ).toEqual({ n: 0 });
  } finally {
    await ctx.db.execute(
      sql`UPDATE role_permissions SET scope = 'all' WHERE role_id = 1 AND resource = 'buyers' AND action = 'create'`,
    );
  }
  // with it: the card is made with what was typed, the reserve's city and responsible, prepayment and no limit
  const made = await call('POST', '/api/reserves', 'manager', typed);
  expect(made.status).toBe(201);
  const [card] = await cards();
  expect(card).toMatchObject({
    name: 'ООО «Новый покупатель»',
    inn,
    city_id: trade.cityIds[1],
    responsible_id: managerEmployee,
    payment_terms: 'prepay',
    deferral_days: null,
    credit_limit: null,
  });
  expect(String(card.phone).replace(/\D/g, '')).toBe('79127000001');
  expect(firstRow(await ctx.db.execute(sql`SELECT buyer_id FROM reserves WHERE id = ${made.body.id}`))).toEqual({
    buyer_id: card.id,
  });
  // typed again (the INN, another spelling of the name): the same card, no second one
  const again = await call('POST', '/api/reserves', 'manager', { ...typed, buyer_name: 'ооо «новый покупатель» ' });
  expect(again.status).toBe(201);
  expect(await cards()).toHaveLength(1);
  expect(firstRow(await ctx.db.execute(sql`SELECT buyer_id FROM reserves WHERE id = ${again.body.id}`))).toEqual({
    buyer_id: card.id,
  });
  // a reserve that has its card keeps one
  const dropped = await change('PATCH', `/api/reserves/${made.body.id}`, 'manager', { buyer_id: null });
  expect([dropped.status, dropped.body.messages]).toEqual([
    400,
    ['Выберите покупателя из списка: резерв ставится на карточку покупателя'],
  ]);
});

test("a quote's price held below the lot's band as it stands today is reserved by the finance right only", async () => {
  const buyer = await newBuyer();
  const lot = await trade.newOffer('100000');
  // 400 ₽ a kg at a purchase price of 300 (band 359,70 … 441,45)
  const quote = async () => {
    const res = await call('POST', '/api/quotes', 'manager', {
      city_id: trade.cityIds[1],
      buyer_id: buyer.id,
      lines: [{ offers: [{ offer_id: lot.id, amount: 10, unit_price: 400 }], unit_price: 400 }],
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const [mine, finance] = [await quote(), await quote()];
  // the purchase price rises 40 %: 420 ₽, the band now (15 + 420 + 12) × 1,1 = 491,70 at the least
  expect((await change('PATCH', `/api/offers/${lot.id}`, 'admin', { unit_price: '420' })).status).toBe(200);
  const reserve = (id: number, who: 'manager' | 'admin') =>
    call('POST', `/api/quotes/${id}/reserve`, who, {
      delivery_address: 'Казань, ул. Пушкина, 1',
      responsible_id: managerEmployee,
    });
  const refused = await reserve(mine, 'manager');
  expect([refused.status, refused.body.message]).toEqual([
    403,
    `Цена лота № ${lot.id} в котировке (400) ниже текущего диапазона (от 491,7): резерв по ней ставит роль с правом «Финансы»`,
  ]);
  expect(firstRow(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM reserves WHERE quote_id = ${mine}`))).toEqual(
    { n: 0 },
  );
  expect(firstRow(await ctx.db.execute(sql`SELECT status FROM quotes WHERE id = ${mine}`))).toEqual({
    status: 'active',
  });
  const byFinance = await reserve(finance, 'admin');
  expect([byFinance.status, byFinance.body.messages]).toEqual([201, undefined]);
  expect(
    firstRow(
      await ctx.db.execute(
        sql`SELECT round(unit_selling_price, 2)::text AS p FROM reserves WHERE quote_id = ${finance}`,
      ),
    ),
  ).toEqual({ p: '400.00' });
});
