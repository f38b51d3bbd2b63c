// The set-based bulk edit and restore of every section (issue 36) keep what each card checks one record at a time:
// the shared schemas' and references' Russian messages, the duplicate rule (against the table, and inside the chunk
// restored together, in id order), the caller's scope and its own rules (a manager's own buyers), a reserve's own
// rules (its selling band and terms, stock through the stock writer); the rows, their versions and their history
// rows are as one card's writes would leave them.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext, type DemoUser } from './testApp';
import { firstRow, rowsOf } from '../db/rows';
import { kilogramTrade, reserveForm, today, tomorrow, type Trade } from './trade';
import { addDays } from '../../domain/businessDay';

let ctx: DemoContext;
let trade: Trade;

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
}, 120_000);

afterAll(() => ctx?.close());

const bulk = (section: string, body: unknown, who: DemoUser = 'admin') =>
  ctx.call('PATCH', `/api/${section}`, who, body);
const restore = (section: string, ids: number[], who: DemoUser = 'admin') =>
  ctx.call('POST', `/api/${section}/restore`, who, { ids });
const remove = (section: string, ids: number[]) => ctx.call('DELETE', `/api/${section}`, 'admin', { ids });
const rowOf = async (table: string, id: number) =>
  firstRow<{ row: Record<string, unknown> & { status: string; version: number } }>(
    await ctx.db.execute(sql`SELECT to_jsonb(t) AS row FROM ${sql.identifier(table)} t WHERE id = ${id}`),
  )!.row;
const historyOf = async (section: string, id: number) =>
  rowsOf<{ action: string; changes: { field: string; old: unknown; new: unknown }[]; version: number }>(
    await ctx.db.execute(
      sql`SELECT action, changes, version FROM record_history WHERE section = ${section} AND record_id = ${id} ORDER BY id`,
    ),
  );
const idsOf = async (query: ReturnType<typeof sql>) =>
  rowsOf<{ id: number }>(await ctx.db.execute(query)).map((r) => Number(r.id));

describe('plain form sections: employees, suppliers, buyers', () => {
  test("employees: a new position for each, one version and one history row each; a position not there refused in the form's words", async () => {
    const ids = await idsOf(sql`SELECT id FROM employees WHERE status = 'active' ORDER BY id LIMIT 3`);
    const [from, to] = await idsOf(sql`SELECT id FROM positions ORDER BY id LIMIT 2`);
    await ctx.db.execute(
      sql`UPDATE employees SET position_id = ${from} WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`,
    );
    const versions = await Promise.all(ids.map(async (id) => (await rowOf('employees', id)).version));
    const res = await bulk('employees', { ids, set: { position_id: to } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', changed: 3, notChanged: 0, refused: [] });
    for (const [i, id] of ids.entries()) {
      expect(await rowOf('employees', id)).toMatchObject({ position_id: to, version: versions[i] + 1 });
      const [last] = (await historyOf('employees', id)).slice(-1);
      expect(last).toMatchObject({
        action: 'update',
        version: versions[i] + 1,
        changes: [{ field: 'position_id', old: from, new: to }],
      });
    }
    const gone = await bulk('employees', { ids, set: { position_id: 2_000_000 } });
    expect(gone.body).toMatchObject({ changed: 0, message: 'Ни одна запись не изменена. Выберите должность' });
    expect(gone.body.refused).toEqual(ids.map((id) => ({ id, reason: 'Выберите должность' })));
    // the card answers alike
    const card = await ctx.change('PATCH', `/api/employees/${ids[0]}`, 'admin', { position_id: 2_000_000 });
    expect(card.body.messages).toEqual(['Выберите должность']);
    expect((await rowOf('employees', ids[0])).version).toBe(versions[0] + 1);
  });

  test("employees: one whose contacts another employee has already is refused with the card's 409 words, the others change", async () => {
    const [a, b, c] = await idsOf(
      sql`SELECT id FROM employees WHERE status = 'active' AND email IS NOT NULL ORDER BY id DESC LIMIT 3`,
    );
    // b shares its e-mail with c (an old record written before the rule)
    await ctx.db.execute(
      sql`UPDATE employees SET email = (SELECT email FROM employees WHERE id = ${c}) WHERE id = ${b}`,
    );
    const [position] = await idsOf(sql`SELECT id FROM positions ORDER BY id DESC LIMIT 1`);
    const card = await ctx.change('PATCH', `/api/employees/${b}`, 'admin', { position_id: position });
    expect(card.status).toBe(409);
    expect(card.body.message).toBe('Сотрудник с таким email или телефоном уже есть');
    const versionB = (await rowOf('employees', b)).version;
    const res = await bulk('employees', { ids: [a, b, c], set: { position_id: position } });
    expect(res.body).toMatchObject({
      changed: 1,
      notChanged: 2,
      warning: 'Успешно изменено: 1 сотрудник из 3. Не удалось изменить: 2 сотрудника.',
      refused: [
        { id: c, reason: 'Сотрудник с таким email или телефоном уже есть' },
        { id: b, reason: 'Сотрудник с таким email или телефоном уже есть' },
      ].sort((x, y) => x.id - y.id),
    });
    expect(await rowOf('employees', a)).toMatchObject({ position_id: position });
    expect((await rowOf('employees', b)).version).toBe(versionB);
  });

  test('suppliers: a city for each; a city not there refused per record; a role without the update right refused as a whole', async () => {
    const ids = await idsOf(sql`SELECT id FROM suppliers WHERE status = 'active' ORDER BY id LIMIT 4`);
    const [city] = await idsOf(sql`SELECT id FROM cities WHERE status = 'active' ORDER BY id DESC LIMIT 1`);
    const res = await bulk('suppliers', { ids, set: { city_id: city } });
    expect(res.body).toMatchObject({ changed: 4, refused: [] });
    for (const id of ids) expect(await rowOf('suppliers', id)).toMatchObject({ city_id: city });
    const gone = await bulk('suppliers', { ids: ids.slice(0, 1), set: { city_id: 2_000_000 } });
    expect(gone.body.refused).toEqual([{ id: ids[0], reason: 'Выберите город' }]);
    expect((await bulk('suppliers', { ids, set: { city_id: city } }, 'supplier')).status).toBe(403);
  });

  test("buyers: a manager changes only its own buyers and hands none over (the card's 403 words); the others of its selection are refused", async () => {
    const me = firstRow<{ employee_id: number }>(
      await ctx.db.execute(sql`SELECT employee_id FROM users WHERE email = 'manager@nutdesk.demo'`),
    )!.employee_id;
    const [other] = await idsOf(
      sql`SELECT id FROM employees WHERE status = 'active' AND id <> ${me} ORDER BY id LIMIT 1`,
    );
    const mine = await idsOf(sql`SELECT id FROM buyers WHERE status = 'active' ORDER BY id LIMIT 2`);
    // one with nothing in its optional fields (no KPP, contact or e-mail on file) changes as well
    await ctx.db.execute(sql`UPDATE buyers SET kpp = NULL, contact_person = NULL, email = NULL WHERE id = ${mine[0]}`);
    const [theirs] = await idsOf(sql`SELECT id FROM buyers WHERE status = 'active' ORDER BY id DESC LIMIT 1`);
    await ctx.db.execute(sql`UPDATE buyers SET responsible_id = ${me} WHERE id = ANY(${`{${mine.join(',')}}`}::int[])`);
    await ctx.db.execute(sql`UPDATE buyers SET responsible_id = ${other} WHERE id = ${theirs}`);
    const handed = await bulk('buyers', { ids: [...mine, theirs], set: { responsible_id: other } }, 'manager');
    expect(handed.status).toBe(200);
    expect(handed.body.changed).toBe(0);
    expect(handed.body.refused).toEqual(
      [
        ...mine.map((id) => ({ id, reason: 'Ответственным за покупателя можете быть только вы' })),
        { id: theirs, reason: 'Недостаточно прав для этого действия' },
      ].sort((x, y) => x.id - y.id),
    );
    const [city] = await idsOf(sql`SELECT id FROM cities WHERE status = 'active' ORDER BY id LIMIT 1`);
    const moved = await bulk('buyers', { ids: mine, set: { city_id: city } }, 'manager');
    expect(moved.body).toMatchObject({ changed: 2, refused: [] });
    for (const id of mine) expect(await rowOf('buyers', id)).toMatchObject({ city_id: city, responsible_id: me });
    // an empty city is none (the field is optional), a city not there is refused
    expect((await bulk('buyers', { ids: mine, set: { city_id: null } })).body.changed).toBe(2);
    expect((await bulk('buyers', { ids: mine, set: { city_id: 2_000_000 } })).body.refused).toEqual(
      mine.map((id) => ({ id, reason: 'Выберите город' })),
    );
  });
});

describe('products', () => {
  test("a status for each, with the card's refusals: a status the card does not offer, a name another product has", async () => {
    const ids = await idsOf(sql`SELECT id FROM products WHERE status = 'active' ORDER BY id DESC LIMIT 3`);
    const res = await bulk('products', { ids, set: { status: 'deactivated' } });
    expect(res.body).toMatchObject({ changed: 3, refused: [] });
    for (const id of ids) {
      expect(await rowOf('products', id)).toMatchObject({ status: 'deactivated' });
      expect((await historyOf('products', id)).slice(-1)[0].changes).toEqual([
        { field: 'status', old: 'active', new: 'deactivated' },
      ]);
    }
    const bad = await bulk('products', { ids: ids.slice(0, 1), set: { status: 'deleted' } });
    expect(bad.body.refused).toEqual([
      { id: ids[0], reason: 'Статус может быть только «Активный» или «Деактивирован»' },
    ]);
    // an old twin by name (case aside) refuses the product it names
    await ctx.db.execute(
      sql`UPDATE products SET name = upper((SELECT name FROM products WHERE id = ${ids[1]})) WHERE id = ${ids[2]}`,
    );
    const twin = await bulk('products', { ids, set: { status: 'active' } });
    expect(twin.body.changed).toBe(1);
    expect(twin.body.refused).toEqual(
      [ids[2], ids[1]].sort((x, y) => x - y).map((id) => ({ id, reason: 'Товар с таким названием уже есть' })),
    );
    expect(await rowOf('products', ids[0])).toMatchObject({ status: 'active' });
    expect(await rowOf('products', ids[1])).toMatchObject({ status: 'deactivated' });
  });
});

describe('bulk restore', () => {
  test('products: two deleted ones of the same name come back as one by one would: the first, then the second is its twin', async () => {
    // made one after the other, so their ids ascend as a, b, c (the rule judges twins in id order; made at once on
    // PostgreSQL, b could take the lower id)
    const made = [];
    for (const name of ['Кешью bulk-36 A', 'Кешью bulk-36 B', 'Кешью bulk-36 C'])
      made.push(await ctx.call('POST', '/api/products', 'admin', { name }));
    const [a, b, c] = made.map((m) => Number(m.body.id));
    expect(made.map((m) => m.status)).toEqual([201, 201, 201]);
    await remove('products', [a, b, c]);
    await ctx.db.execute(sql`UPDATE products SET name = 'кешью BULK-36 a' WHERE id = ${b}`);
    const res = await restore('products', [c, b, a]);
    expect(res.body).toMatchObject({
      restored: 2,
      notRestored: 1,
      refused: [{ id: b, reason: 'Товар с таким названием уже есть' }],
      warning: 'Успешно восстановлено: 2 товара из 3. Не удалось восстановить: 1 товар.',
    });
    expect(await rowOf('products', a)).toMatchObject({ status: 'active', deleted_at: null });
    expect(await rowOf('products', b)).toMatchObject({ status: 'deleted' });
    expect((await historyOf('products', a)).map((e) => e.action)).toEqual(['create', 'delete', 'restore']);
    expect((await historyOf('products', b)).map((e) => e.action)).toEqual(['create', 'delete']);
    // the card's own restore answers the same, with the twin's link
    const card = await ctx.call('POST', `/api/products/${b}/restore`);
    expect(card.status).toBe(409);
    expect(card.body).toMatchObject({ message: 'Товар с таким названием уже есть', info: { text: 'Товар', id: a } });
  });

  test('buyers: one whose INN a buyer not deleted has now stays deleted; employees, suppliers and cities come back with their history', async () => {
    const [buyer, other] = await idsOf(
      sql`SELECT id FROM buyers WHERE status = 'active' AND inn IS NOT NULL ORDER BY id DESC LIMIT 2`,
    );
    await remove('buyers', [buyer]);
    await ctx.db.execute(sql`UPDATE buyers SET inn = (SELECT inn FROM buyers WHERE id = ${buyer}) WHERE id = ${other}`);
    const refused = await restore('buyers', [buyer]);
    expect(refused.body).toMatchObject({
      restored: 0,
      message: 'Ни одна запись не восстановлена. Покупатель с таким ИНН уже есть',
    });
    expect(await rowOf('buyers', buyer)).toMatchObject({ status: 'deleted' });
    // new records no other one uses, so that nothing keeps them from being deleted
    const made = {
      employees: sql`INSERT INTO employees (full_name, email) VALUES ('Бульк Один', 'bulk36-1@example.ru'), ('Бульк Два', 'bulk36-2@example.ru') RETURNING id`,
      suppliers: sql`INSERT INTO suppliers (name, inn) VALUES ('ООО Бульк 1', '3636360001'), ('ООО Бульк 2', '3636360002') RETURNING id`,
      cities: sql`INSERT INTO cities (name) VALUES ('Бульк-Город 1'), ('Бульк-Город 2') RETURNING id`,
    };
    for (const section of ['employees', 'suppliers', 'cities'] as const) {
      const ids = await idsOf(made[section]);
      const deleted = await remove(section, ids);
      expect(deleted.body).toMatchObject({ deleted: ids.length });
      const res = await restore(section, [...ids, 2_000_000]);
      expect(res.body).toMatchObject({
        restored: ids.length,
        refused: [{ id: 2_000_000, reason: 'Объект не найден' }],
      });
      for (const id of ids) {
        expect((await rowOf(section, id)).status).not.toBe('deleted');
        expect((await historyOf(section, id)).slice(-2).map((e) => e.action)).toEqual(['delete', 'restore']);
      }
    }
  });

  test('a role without the delete right is refused as a whole, and restoring what is not deleted says so', async () => {
    const [id] = await idsOf(sql`SELECT id FROM products WHERE status = 'active' ORDER BY id LIMIT 1`);
    expect((await restore('products', [id], 'supplier')).status).toBe(403);
    expect((await restore('products', [id])).body.refused).toEqual([{ id, reason: 'Запись не удалена' }]);
  });
});

describe('reserves', () => {
  const offerStock = async (id: number) =>
    firstRow<{ reserved_amount: string; available_amount: string; version: number }>(
      await ctx.db.execute(
        sql`SELECT reserved_amount::text, available_amount::text, version FROM offers WHERE id = ${id}`,
      ),
    )!;
  /** A reserve of `amount` units of the offer at a selling price inside the band (20 units unless told). */
  const newReserve = async (offerId: number, amount = '20') => {
    const res = await ctx.call(
      'POST',
      '/api/reserves',
      'admin',
      reserveForm(trade, offerId, { amount, packs_amount: String(Number(amount) / 10), unit_selling_price: '400' }),
    );
    expect(res.status).toBe(201);
    return Number(res.body.id);
  };

  test('an address and a date for each, on the terms each was made on; the stock and the offer untouched; one history row each', async () => {
    const offer = await trade.newOffer('100');
    const ids = [await newReserve(offer.id), await newReserve(offer.id), await newReserve(offer.id)];
    const stock = await offerStock(offer.id);
    const band = await rowOf('reserves', ids[0]);
    // the offer's price moves after the reserves were made: they keep their terms and band
    await ctx.db.execute(sql`UPDATE offers SET unit_price = 500, kg_price = 500 WHERE id = ${offer.id}`);
    const day = addDays(today, 5);
    const res = await bulk('reserves', {
      ids,
      set: { delivery_address: 'Казань, ул. Пушкина, 1', estimated_date_implementation: day },
    });
    expect(res.body).toEqual({ status: 'success', changed: 3, notChanged: 0, refused: [] });
    for (const id of ids) {
      const row = await rowOf('reserves', id);
      expect(row).toMatchObject({
        delivery_address: 'Казань, ул. Пушкина, 1',
        estimated_date_implementation: day,
        version: 2,
        min_selling_price: band.min_selling_price,
        max_selling_price: band.max_selling_price,
        unit_price: band.unit_price,
        amount: band.amount,
      });
      const [last] = (await historyOf('reserves', id)).slice(-1);
      expect(last.action).toBe('update');
      expect(last.changes.map((c) => c.field).sort()).toEqual(['delivery_address', 'estimated_date_implementation']);
    }
    expect((await offerStock(offer.id)).reserved_amount).toBe(stock.reserved_amount);
  });

  test("the card's refusals, each in its words: a date before today, a responsible deleted since, one not there, a reserve no longer active", async () => {
    const offer = await trade.newOffer('100');
    const [early, orphan, done] = [await newReserve(offer.id), await newReserve(offer.id), await newReserve(offer.id)];
    const yesterday = addDays(today, -1);
    const card = await ctx.change('PATCH', `/api/reserves/${early}`, 'admin', {
      estimated_date_implementation: yesterday,
    });
    expect(card.body.messages).toEqual(['Дата реализации не может быть раньше сегодняшней']);
    const past = await bulk('reserves', { ids: [early], set: { estimated_date_implementation: yesterday } });
    expect(past.body.refused).toEqual([{ id: early, reason: 'Дата реализации не может быть раньше сегодняшней' }]);

    const [gone] = await idsOf(
      sql`INSERT INTO employees (full_name, email) VALUES ('Ушедший Сотрудник', 'bulk36-gone@example.ru') RETURNING id`,
    );
    await ctx.db.execute(sql`UPDATE reserves SET responsible_id = ${gone} WHERE id = ${orphan}`);
    await ctx.db.execute(sql`UPDATE employees SET status = 'deleted' WHERE id = ${gone}`);
    expect((await ctx.change('POST', `/api/reserves/${done}/complete`)).status).toBe(200);
    const res = await bulk('reserves', {
      ids: [early, orphan, done],
      set: { delivery_address: 'Казань, ул. Лобачевского, 2' },
    });
    expect(res.body).toMatchObject({
      changed: 1,
      refused: [
        { id: orphan, reason: 'Ответственный за резерв удален: выберите другого' },
        { id: done, reason: 'Резерв в статусе «Завершен» нельзя изменить' },
      ],
    });
    // another responsible is what the orphan needs; one not there is refused in the form's words
    expect((await bulk('reserves', { ids: [orphan], set: { responsible_id: 2_000_000 } })).body.refused).toEqual([
      { id: orphan, reason: 'Выберите ответственного' },
    ]);
    const handed = await bulk('reserves', { ids: [orphan], set: { responsible_id: trade.employeeId } });
    expect(handed.body.changed).toBe(1);
    expect(await rowOf('reserves', orphan)).toMatchObject({
      responsible_id: trade.employeeId,
      delivery_address: 'Казань, ул. Баумана, 5',
    });
    expect(await rowOf('reserves', early)).toMatchObject({
      delivery_address: 'Казань, ул. Лобачевского, 2',
      estimated_date_implementation: tomorrow,
    });
  });

  test("a manager, who may not choose a reserve's responsible, names no one else (the card's words) and changes the rest", async () => {
    const me = firstRow<{ employee_id: number }>(
      await ctx.db.execute(sql`SELECT employee_id FROM users WHERE email = 'manager@nutdesk.demo'`),
    )!.employee_id;
    const offer = await trade.newOffer('100');
    const [other] = await idsOf(
      sql`SELECT id FROM employees WHERE status = 'active' AND id <> ${me} ORDER BY id LIMIT 1`,
    );
    const [mine, theirs] = [await newReserve(offer.id), await newReserve(offer.id)];
    await ctx.db.execute(sql`UPDATE reserves SET responsible_id = ${me} WHERE id = ${mine}`);
    await ctx.db.execute(sql`UPDATE reserves SET responsible_id = ${other} WHERE id = ${theirs}`);
    const card = await ctx.change('PATCH', `/api/reserves/${mine}`, 'manager', { responsible_id: other });
    expect(card.body.messages).toEqual(['Ответственным за резерв можете быть только вы']);
    // naming the one a reserve has already is no hand-over: that one goes ahead, as on its card
    const res = await bulk('reserves', { ids: [mine, theirs], set: { responsible_id: other } }, 'manager');
    expect(res.body).toMatchObject({
      changed: 1,
      refused: [{ id: mine, reason: 'Ответственным за резерв можете быть только вы' }],
    });
    const own = await bulk(
      'reserves',
      { ids: [mine, theirs], set: { delivery_address: 'Казань, ул. Кремлевская, 1' } },
      'manager',
    );
    expect(own.body).toMatchObject({ changed: 2, refused: [] });
    expect(await rowOf('reserves', mine)).toMatchObject({
      responsible_id: me,
      delivery_address: 'Казань, ул. Кремлевская, 1',
    });
    expect(await rowOf('reserves', theirs)).toMatchObject({
      responsible_id: other,
      delivery_address: 'Казань, ул. Кремлевская, 1',
    });
  });

  test("bulk delete gives the stock back per offer, bulk restore takes it again in id order: one short of stock refused in the single restore's words", async () => {
    const [one, two] = [await trade.newOffer('100'), await trade.newOffer('100')];
    const ids = [await newReserve(one.id), await newReserve(one.id, '30'), await newReserve(two.id)];
    expect((await offerStock(one.id)).available_amount).toBe('50.000');
    const deleted = await remove('reserves', ids);
    expect(deleted.body.deleted).toBe(3);
    expect(await offerStock(one.id)).toMatchObject({ reserved_amount: '0.000', available_amount: '100.000' });
    expect(await offerStock(two.id)).toMatchObject({ reserved_amount: '0.000' });
    const stockRows = async (id: number) =>
      rowsOf<{ via: unknown; changes: unknown }>(
        await ctx.db.execute(sql`SELECT via, changes FROM record_history
      WHERE section = 'offers' AND record_id = ${id} AND action = 'stock' ORDER BY id`),
      );
    // one history row for the offer, naming both reserves that gave back
    expect((await stockRows(one.id)).slice(-1)[0]).toMatchObject({
      via: { section: 'reserves', step: 'delete', ids: ids.slice(0, 2) },
    });

    // meanwhile 60 of the first offer's 100 are taken: the first reserve (20) fits, the second (30) no longer does
    const other = await newReserve(one.id, '60');
    const res = await restore('reserves', ids);
    expect(res.body).toMatchObject({
      restored: 2,
      refused: [{ id: ids[1], reason: 'Резерв нельзя восстановить: недостаточно свободного количества: доступно 20' }],
    });
    expect(await offerStock(one.id)).toMatchObject({ reserved_amount: '80.000', available_amount: '20.000' });
    expect(await offerStock(two.id)).toMatchObject({ reserved_amount: '20.000' });
    expect((await stockRows(one.id)).slice(-1)[0]).toMatchObject({
      via: { section: 'reserves', step: 'restore', ids: [ids[0]] },
    });
    expect((await rowOf('reserves', ids[1])).status).toBe('deleted');
    expect((await historyOf('reserves', ids[0])).map((e) => e.action)).toEqual(['create', 'delete', 'restore']);
    // the card's restore says the same
    const card = await ctx.call('POST', `/api/reserves/${ids[1]}/restore`);
    expect(card.body.messages).toEqual(['Резерв нельзя восстановить: недостаточно свободного количества: доступно 20']);
    expect(other).toBeGreaterThan(0);
  });
});
