// Buyers through the API on the demo data (issue 37): the card and its 409, who may read buyers, a reserve picking
// its buyer, the credit check with its exact figures (also under two racing reserves), the overdue refusal, an
// override with its reason in the history, and the ledger after part payments, each worked by hand.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import dayjs from 'dayjs';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';
import { firstRow, rowsOf } from '../db/rows';
import { isValidInn } from '../../domain/inn';
import { businessToday, TIME_ZONE_DEFAULT } from '../../domain/businessDay';
import { runReserveExpiry } from '../sections/reserves/expiry';

/** The business day the server counts by (the demo keeps the default zone). */
const day = () => dayjs(businessToday(TIME_ZONE_DEFAULT));

let ctx: DemoContext;
let trade: Trade;
let inns = 0;
const call: DemoContext['call'] = (...args) => ctx.call(...args);
const change: DemoContext['change'] = (...args) => ctx.change(...args);

/** A valid company INN of its own per call: 9 digits and the check digit (domain/inn.ts weights). */
function nextInn(): string {
  const body = `77${String(4_000_000 + inns++).padStart(7, '0')}`;
  const sum = [2, 4, 10, 3, 5, 9, 4, 6, 8].reduce((s, w, i) => s + w * Number(body[i]), 0);
  return body + ((sum % 11) % 10);
}

const buyerForm = (patch: Record<string, unknown> = {}) => ({
  name: 'ООО «Кедр»',
  inn: nextInn(),
  city_id: trade.cityIds[1],
  delivery_address: 'Казань, ул. Пушкина, 1',
  contact_person: 'Иванов Иван',
  phone: '+7 (912) 000-11-22',
  email: 'Buy@Kedr.ru',
  responsible_id: trade.employeeId,
  payment_terms: 'deferral',
  deferral_days: '10',
  ...patch,
});
const newBuyer = async (patch: Record<string, unknown> = {}) => {
  const res = await call('POST', '/api/buyers', 'admin', buyerForm(patch));
  expect(res.status).toBe(201);
  return res.body as { id: number } & Record<string, unknown>;
};
/** 20 kg at 400 ₽: a selling sum of 8 000,00 ₽. */
const reserveFor = (offerId: number, buyerId: number, patch: Record<string, unknown> = {}) =>
  reserveForm(trade, offerId, {
    buyer_id: buyerId,
    buyer_name: '',
    buyer_phone: '',
    city_id: '',
    delivery_address: '',
    unit_selling_price: '400',
    ...patch,
  });

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
}, 120_000);
afterAll(() => ctx?.close());

test('create: 201 with the buyer; a second with the same INN is a 409 with the link; a deleted one frees its INN', async () => {
  const inn = nextInn();
  const first = await newBuyer({ inn, comments: [{ text: 'Платят в срок' }] });
  expect(first).toMatchObject({
    name: 'ООО «Кедр»',
    inn,
    phone: '79120001122',
    email: 'buy@kedr.ru',
    payment_terms: 'deferral',
    deferral_days: 10,
    balance: '0.00',
    can_update: true,
  });
  const dup = await call('POST', '/api/buyers', 'admin', buyerForm({ inn, name: 'ООО «Другой Кедр»' }));
  expect(dup).toEqual({
    status: 409,
    body: {
      status: 'error',
      error: 'conflict',
      message: 'Покупатель с таким ИНН уже есть',
      info: { text: 'Покупатель', id: first.id },
    },
  });
  await call('DELETE', '/api/buyers', 'admin', { ids: [first.id] });
  expect((await call('POST', '/api/buyers', 'admin', buyerForm({ inn }))).status).toBe(201);
});

test("bad input: the INN's check digits, the deferral days, nothing written", async () => {
  const before = firstRow<{ n: number }>(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM buyers`))!.n;
  const res = await call('POST', '/api/buyers', 'admin', buyerForm({ inn: '7707083894', deferral_days: '0' }));
  expect(res.status).toBe(400);
  expect(res.body.messages).toEqual(['Неверное контрольное число ИНН', 'Отсрочка от 1 до 180 дней']);
  expect(firstRow<{ n: number }>(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM buyers`))!.n).toBe(before);
});

test("role 8 and a supplier's user get 403 on buyers; role 8 sees no buyer on a reserve", async () => {
  const buyer = await newBuyer();
  for (const who of ['warehouse', 'supplier'] as const) {
    expect((await call('GET', '/api/buyers', who)).status).toBe(403);
    expect((await call('GET', `/api/buyers/${buyer.id}`, who)).status).toBe(403);
    expect((await call('GET', `/api/buyers/${buyer.id}/ledger`, who)).status).toBe(403);
    expect((await call('GET', '/api/lists/buyers/items', who)).status).toBe(403);
    expect((await call('POST', '/api/buyers', who, buyerForm())).status).toBe(403);
  }
  const perms = await call('GET', '/api/permissions', 'warehouse');
  expect(perms.body.role_permissions.buyers.read).toBe('none');
  expect(perms.body.hidden_fields.reserves).toContain('buyer');
  expect((await call('GET', '/api/permissions', 'supplier')).body.role_permissions.buyers.read).toBe('none');
});

test("a reserve picks its buyer: name, phone, city and address come from it; the buyer's card lists it", async () => {
  const buyer = await newBuyer({ payment_terms: 'prepay', deferral_days: '' });
  const offer = await trade.newOffer('100');
  const res = await call(
    'POST',
    '/api/reserves',
    'admin',
    reserveFor(offer.id, buyer.id, { estimated_date_implementation: day().add(10, 'day').format('YYYY-MM-DD') }),
  );
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    buyer_id: buyer.id,
    buyer: { id: buyer.id, name: 'ООО «Кедр»' },
    buyer_name: 'ООО «Кедр»',
    buyer_phone: '79120001122',
    city_id: trade.cityIds[1],
    delivery_address: 'Казань, ул. Пушкина, 1',
    total_selling_sum: '8000.00',
    // a prepayment buyer's reserve holds 'Дней резерва без оплаты' (2) days
    reserved_until: day().add(2, 'day').format('YYYY-MM-DD'),
  });
  const list = await call('GET', `/api/reserves?buyers_ids=${buyer.id}`);
  expect(list.body.data.map((r: { id: number }) => r.id)).toEqual([res.body.id]);
});

test('the credit limit, with the figures; the override needs the right and a reason, kept in the history', async () => {
  const buyer = await newBuyer({ credit_limit: '10000' });
  const offer = await trade.newOffer('1000');
  expect((await call('POST', '/api/reserves', 'admin', reserveFor(offer.id, buyer.id))).status).toBe(201);
  const reservedBefore = firstRow<{ r: string }>(
    await ctx.db.execute(sql`SELECT reserved_amount::text AS r FROM offers WHERE id = ${offer.id}`),
  )!.r;
  // 8 000,00 reserved + 8 000,00 more > 10 000,00
  const refused = await call('POST', '/api/reserves', 'manager', reserveFor(offer.id, buyer.id));
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({
    error: 'credit',
    messages: ['Превышен кредитный лимит: лимит 10 000,00 ₽, долг и резервы 8 000,00 ₽, этот резерв 8 000,00 ₽'],
  });
  expect(
    firstRow<{ r: string }>(
      await ctx.db.execute(sql`SELECT reserved_amount::text AS r FROM offers WHERE id = ${offer.id}`),
    )!.r,
  ).toBe(reservedBefore);
  // a manager has no right to go past it; an administrator must give a reason
  expect(
    (
      await call(
        'POST',
        '/api/reserves',
        'manager',
        reserveFor(offer.id, buyer.id, { credit_override: { reason: 'Оплатят завтра' } }),
      )
    ).body,
  ).toMatchObject({
    status: 'error',
    message: 'Превышать кредитный лимит и резервировать при просроченном долге может только роль с правом «Финансы»',
  });
  expect(
    (await call('POST', '/api/reserves', 'admin', reserveFor(offer.id, buyer.id, { credit_override: { reason: ' ' } })))
      .body.messages,
  ).toEqual(['Укажите причину превышения лимита']);
  const over = await call(
    'POST',
    '/api/reserves',
    'admin',
    reserveFor(offer.id, buyer.id, { credit_override: { reason: 'Оплатят завтра' } }),
  );
  expect(over.status).toBe(201);
  const history = rowsOf<{ changes: { field: string; new: string }[] }>(
    await ctx.db.execute(sql`SELECT changes FROM record_history
    WHERE section = 'reserves' AND record_id = ${over.body.id} AND action = 'update'`),
  );
  expect(history[0].changes).toEqual([
    {
      field: 'credit_override',
      old: null,
      new: 'Оплатят завтра (Превышен кредитный лимит: лимит 10 000,00 ₽, долг и резервы 8 000,00 ₽, этот резерв 8 000,00 ₽)',
    },
  ]);
  // the buyer's responsible is told
  const told = rowsOf<{ text: string }>(
    await ctx.db.execute(sql`SELECT n.text FROM notifications n JOIN users u ON u.id = n.user_id
    WHERE u.employee_id = ${trade.employeeId} AND n.kind = 'credit_override' AND n.record_id = ${over.body.id}`),
  );
  expect(told.map((n) => n.text)).toEqual([
    `Резерв № ${over.body.id} для «ООО «Кедр»» поставлен сверх кредитного лимита: Оплатят завтра`,
  ]);
});

test('two racing reserves for the same buyer: only the one that fits the limit passes', async () => {
  const buyer = await newBuyer({ credit_limit: '12000' });
  const offer = await trade.newOffer('1000');
  const results = await Promise.all(
    [1, 2].map(() => call('POST', '/api/reserves', 'admin', reserveFor(offer.id, buyer.id))),
  );
  expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  const active = firstRow<{ n: number; sum: string }>(
    await ctx.db.execute(sql`SELECT count(*)::int AS n, sum(total_selling_sum)::text AS sum
    FROM reserves WHERE buyer_id = ${buyer.id} AND status = 'active'`),
  )!;
  expect(active).toEqual({ n: 1, sum: '8000.00' });
});

test('the ledger after part payments; a payment above what is left is refused; overdue debt refuses a new reserve', async () => {
  const buyer = await newBuyer({ deferral_days: '10' });
  const offer = await trade.newOffer('1000');
  const { body: reserve } = await call('POST', '/api/reserves', 'admin', reserveFor(offer.id, buyer.id));
  // completed 15 days ago (the reserve counts as made then): due 10 days after, overdue since the 11th day
  const done = day().subtract(15, 'day').format('YYYY-MM-DD');
  await ctx.db.execute(sql`UPDATE reserves SET created_at = ${done}::date WHERE id = ${reserve.id}`);
  expect(
    (await change('POST', `/api/reserves/${reserve.id}/complete`, 'admin', { actual_date_implementation: done }))
      .status,
  ).toBe(200);
  const pay = (amount: string, date = day().format('YYYY-MM-DD')) =>
    change('POST', `/api/reserves/${reserve.id}/payments`, 'admin', { date, amount, comment: 'Платежное поручение' });
  expect((await pay('3000.50')).status).toBe(200);
  expect((await pay('1999.50')).status).toBe(200);
  // 8 000,00 − 3 000,50 − 1 999,50 = 3 000,00 left
  const tooMuch = await pay('3000.01');
  expect([tooMuch.status, tooMuch.body.messages]).toEqual([
    400,
    ['Оплата больше остатка долга по резерву: осталось 3 000,00 ₽'],
  ]);
  const ledger = await call('GET', `/api/buyers/${buyer.id}/ledger`);
  const since = dayjs(done).add(11, 'day').format('YYYY-MM-DD');
  expect(ledger.body).toMatchObject({
    sales: '8000.00',
    payments: '5000.00',
    balance: '3000.00',
    overdue: '3000.00',
    overdue_since: since,
    overdue_days: 5,
  });
  expect(ledger.body.lines.map((l: { kind: string; balance: string }) => [l.kind, l.balance])).toEqual([
    ['sale', '8000.00'],
    ['payment', '4999.50'],
    ['payment', '3000.00'],
  ]);
  expect((await call('GET', `/api/buyers/${buyer.id}`)).body).toMatchObject({ balance: '3000.00', overdue: '3000.00' });
  // the history of the reserve tells of each payment
  const payments = rowsOf<{ changes: { field: string; new: string }[] }>(
    await ctx.db.execute(sql`SELECT changes FROM record_history
    WHERE section = 'reserves' AND record_id = ${reserve.id} AND changes @> '[{"field": "payments"}]'::jsonb ORDER BY id`),
  );
  expect(payments.map((h) => h.changes[0].new)).toEqual(['3000.50', '1999.50']);
  // overdue: any new reserve is refused, whatever its size
  const refused = await call('POST', '/api/reserves', 'admin', reserveFor(offer.id, buyer.id, { amount: '10' }));
  expect([refused.status, refused.body.messages]).toEqual([
    409,
    [`У покупателя просроченный долг 3 000,00 ₽ (с ${dayjs(since).format('DD.MM.YYYY')})`],
  ]);
  // deleting a payment is an administrator's
  const [first] = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`SELECT id FROM payments WHERE reserve_id = ${reserve.id} ORDER BY id`),
  );
  expect((await change('DELETE', `/api/reserves/${reserve.id}/payments/${first.id}`, 'manager', {})).status).toBe(403);
  expect((await change('DELETE', `/api/reserves/${reserve.id}/payments/${first.id}`, 'admin', {})).status).toBe(200);
  expect((await call('GET', `/api/buyers/${buyer.id}/ledger`)).body.balance).toBe('6000.50');
  const xlsx = await ctx.app.inject({
    method: 'GET',
    url: `/api/buyers/${buyer.id}/ledger/export`,
    headers: { authorization: `Bearer ${ctx.tokens.admin}` },
  });
  expect([xlsx.statusCode, xlsx.headers['content-type']]).toEqual([
    200,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ]);
  // due 5 days ago: the card's line and the file's say how long, in days, and since when
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.rawPayload as never);
  const texts: unknown[] = [];
  book.worksheets[0].eachRow((row) => texts.push(row.getCell(1).value));
  expect(texts).toContain(`Просрочено на 5 дней (с ${dayjs(since).format('DD.MM.YYYY')})`);
});

test("a debt overdue from today is told to the buyer's responsible, once", async () => {
  const buyer = await newBuyer({ name: 'ООО «Миндаль»', deferral_days: '10' });
  const offer = await trade.newOffer('1000');
  const { body: reserve } = await call('POST', '/api/reserves', 'admin', reserveFor(offer.id, buyer.id));
  // completed 11 days ago: due 10 days after, yesterday; overdue from today
  const done = day().subtract(11, 'day').format('YYYY-MM-DD');
  await ctx.db.execute(sql`UPDATE reserves SET created_at = ${done}::date WHERE id = ${reserve.id}`);
  expect(
    (await change('POST', `/api/reserves/${reserve.id}/complete`, 'admin', { actual_date_implementation: done }))
      .status,
  ).toBe(200);
  const told = async () =>
    rowsOf<{ text: string; section: string; record_id: number }>(
      await ctx.db.execute(sql`SELECT n.text, n.section, n.record_id
    FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.employee_id = ${trade.employeeId} AND n.kind = 'buyer_overdue' AND n.record_id = ${buyer.id}`),
    );
  expect(await told()).toEqual([]);
  await runReserveExpiry(ctx.db);
  await runReserveExpiry(ctx.db);
  expect(await told()).toEqual([
    {
      text: `Покупатель «ООО «Миндаль»» просрочил оплату резерва № ${reserve.id}`,
      section: 'buyers',
      record_id: buyer.id,
    },
  ]);
});

test('a payment only on a completed reserve', async () => {
  const buyer = await newBuyer();
  const offer = await trade.newOffer('100');
  const { body: reserve } = await call('POST', '/api/reserves', 'admin', reserveFor(offer.id, buyer.id));
  const res = await change('POST', `/api/reserves/${reserve.id}/payments`, 'admin', {
    date: day().format('YYYY-MM-DD'),
    amount: '1',
  });
  expect([res.status, res.body.messages]).toEqual([400, ['Резерв в статусе «Активный» нельзя оплатить']]);
});

test('the demo buyers: every reserve with a buyer name belongs to one, and their INNs check', async () => {
  const unlinked = firstRow<{ n: number }>(
    await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM reserves WHERE buyer_id IS NULL AND buyer_name IS NOT NULL AND created_at < now() - interval '1 hour'`,
    ),
  )!.n;
  expect(unlinked).toBe(0);
  const list = await call('GET', '/api/buyers?perPage=20', 'manager');
  expect(list.status).toBe(200);
  expect(list.body.pagination.totalItems).toBeGreaterThan(20);
  const [demo] = rowsOf<{ inn: string }>(
    await ctx.db.execute(sql`SELECT inn FROM buyers WHERE inn IS NOT NULL ORDER BY id LIMIT 1`),
  );
  expect(isValidInn(demo.inn)).toBe(true);
});

test("the reserve card's picker: one text finds a buyer by its name, INN or phone digits, as the picker asks", async () => {
  const inn = nextInn();
  const buyer = await newBuyer({ name: 'ООО «Пикер Орех»', inn, phone: '+7 (977) 123-98-76' });
  const found = async (text: string) => {
    const res = await call(
      'GET',
      `/api/buyers?search=${encodeURIComponent(text)}&perPage=20&sort=name&order=asc`,
      'manager',
    );
    expect(res.status).toBe(200);
    return res.body.data.map((b: { id: number }) => b.id);
  };
  expect(await found('пикер ор')).toEqual([buyer.id]);
  expect(await found(inn.slice(2))).toEqual([buyer.id]);
  expect(await found('977 123-98')).toEqual([buyer.id]);
  const [row] = (await call('GET', `/api/buyers?search=${inn}&perPage=20&sort=name&order=asc`, 'manager')).body.data;
  // what the picker fills the reserve from
  expect(row).toMatchObject({
    name: 'ООО «Пикер Орех»',
    inn,
    phone: '79771239876',
    city: { id: trade.cityIds[1] },
    delivery_address: 'Казань, ул. Пушкина, 1',
  });
});

test("the finance right is a role setting on the roles tab: given, the role's manager goes past a limit with a reason", async () => {
  const roleId = firstRow<{ role_id: number }>(
    await ctx.db.execute(sql`SELECT role_id FROM users WHERE email = 'manager@nutdesk.demo'`),
  )!.role_id;
  const roleOf = async () =>
    ((await call('GET', '/api/admin/roles', 'admin')).body.roles as { id: number; finance: boolean }[]).find(
      (r) => r.id === roleId,
    )!;
  expect((await roleOf()).finance).toBe(false);
  const buyer = await newBuyer({ credit_limit: '10000' });
  const offer = await trade.newOffer('1000');
  expect((await call('POST', '/api/reserves', 'manager', reserveFor(offer.id, buyer.id))).status).toBe(201);
  const over = () =>
    call(
      'POST',
      '/api/reserves',
      'manager',
      reserveFor(offer.id, buyer.id, { credit_override: { reason: 'Предоплата придет сегодня' } }),
    );
  expect((await over()).status).toBe(403);

  // only an administrator gives it; not a yes or no is a Russian 400
  expect((await call('PUT', `/api/admin/roles/${roleId}/rights`, 'manager', { finance: true })).status).toBe(403);
  const bad = await call('PUT', `/api/admin/roles/${roleId}/rights`, 'admin', { finance: 'да' });
  expect([bad.status, bad.body.messages]).toEqual([400, ['«Финансы»: укажите true или false']]);
  const given = await call('PUT', `/api/admin/roles/${roleId}/rights`, 'admin', { finance: true });
  // the other setting stays as it was
  expect([given.status, given.body.finance, given.body.lower_delivery_cost]).toEqual([200, true, false]);
  expect(
    firstRow(
      await ctx.db.execute(
        sql`SELECT scope FROM role_permissions WHERE role_id = ${roleId} AND resource = 'buyers' AND action = 'finance'`,
      ),
    ),
  ).toEqual({ scope: 'all' });
  expect((await call('GET', '/api/admin/log', 'admin')).body.data[0].summary).toMatch(
    /^Права роли «.+»: Финансы: нет → да$/,
  );
  expect((await call('GET', '/api/permissions', 'manager')).body.finance).toBe(true);
  expect((await roleOf()).finance).toBe(true);
  // 8 000,00 reserved + 8 000,00 > 10 000,00: now passes with the reason
  expect((await over()).status).toBe(201);

  // taken back
  expect((await call('PUT', `/api/admin/roles/${roleId}/rights`, 'admin', { finance: false })).body.finance).toBe(
    false,
  );
  expect((await call('GET', '/api/permissions', 'manager')).body.finance).toBe(false);
  expect((await over()).status).toBe(403);
});
