// Issue 33, deleted responsibles: an employee responsible for active reserves is not deleted (refused with the
// count) unless the delete hands the reserves to another employee in the same step (each reserve's history says
// so); a reserve whose responsible was deleted anyway is handed on by an administrator, not by role 1.
import { sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { kilogramTrade, reserveForm, type Trade } from './trade';
import { firstRow, rowsOf } from '../db/rows';
import { entryLines, type HistoryEntry } from '../../domain/history';

let ctx: DemoContext;
let trade: Trade;
let position: number;

beforeAll(async () => {
  ctx = await createDemoApp();
  trade = await kilogramTrade(ctx, 1990);
  position = firstRow<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM positions ORDER BY id LIMIT 1`))!.id;
}, 120_000);
afterAll(() => ctx?.close());

let phone = 79120000001;
async function newEmployee(full_name: string): Promise<number> {
  const n = phone++;
  const res = await ctx.call('POST', '/api/employees', 'admin', {
    full_name,
    phone: String(n),
    email: `e${n}@nutdesk.test`,
    position_id: position,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}
async function reserveFor(responsible: number): Promise<number> {
  const offer = await trade.newOffer('100');
  const res = await ctx.call(
    'POST',
    '/api/reserves',
    'admin',
    reserveForm(trade, offer.id, { unit_selling_price: '400', responsible_id: responsible }),
  );
  expect(res.status).toBe(201);
  return res.body.id;
}
const responsibles = async (ids: number[]) =>
  rowsOf<{ id: number; responsible_id: number }>(
    await ctx.db.execute(sql`SELECT id, responsible_id FROM reserves
  WHERE id IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}) ORDER BY id`),
  ).map((r) => Number(r.responsible_id));
const statusOf = async (id: number) =>
  firstRow<{ status: string }>(await ctx.db.execute(sql`SELECT status FROM employees WHERE id = ${id}`))!.status;
const historyLines = async (id: number) =>
  ((await ctx.call('GET', `/api/reserves/${id}/history`, 'admin')).body as HistoryEntry[])
    .reverse()
    .map((e) => entryLines('reserves', e));

test('responsible for 2 active reserves: refused with the count; handed to another in the same delete, with history', async () => {
  const leaving = await newEmployee('Уходов Петр Ильич');
  const taking = await newEmployee('Принимаев Олег Юрьевич');
  const [a, b, done] = [await reserveFor(leaving), await reserveFor(leaving), await reserveFor(leaving)];
  expect((await ctx.change('POST', `/api/reserves/${done}/complete`, 'admin', {})).status).toBe(200);
  const refused = await ctx.call('DELETE', '/api/employees', 'admin', { ids: [leaving] });
  expect(refused.body).toMatchObject({
    deleted: 0,
    notDeleted: 1,
    message: 'Нельзя удалить сотрудника: активных резервов — 2',
    refused: [{ id: leaving, reason: 'Нельзя удалить сотрудника: активных резервов — 2' }],
  });
  expect(await statusOf(leaving)).toBe('active');

  // the new responsible must be a live employee other than the ones deleted: 400, nothing changes
  const gone = await newEmployee('Ушедший Иван Иванович');
  expect((await ctx.call('DELETE', '/api/employees', 'admin', { ids: [gone] })).body.deleted).toBe(1);
  for (const [to, message] of [
    [gone, 'Новый ответственный не найден или удален'],
    [leaving, 'Нельзя передать резервы сотруднику, которого вы удаляете'],
    [99_999_999, 'Новый ответственный не найден или удален'],
  ] as const) {
    const res = await ctx.call('DELETE', '/api/employees', 'admin', { ids: [leaving], responsible_id: to });
    expect([res.status, res.body.messages]).toEqual([400, [message]]);
  }
  // role 1 may not hand over (it neither deletes employees nor changes others' reserves)
  expect(
    (await ctx.call('DELETE', '/api/employees', 'manager', { ids: [leaving], responsible_id: taking })).status,
  ).toBe(403);
  expect(await responsibles([a, b, done])).toEqual([leaving, leaving, leaving]);

  const handed = await ctx.call('DELETE', '/api/employees', 'admin', { ids: [leaving], responsible_id: taking });
  expect(handed.body).toEqual({ status: 'success', deleted: 1, notDeleted: 0 });
  expect(await statusOf(leaving)).toBe('deleted');
  // the active ones go to the new responsible, the completed one keeps who sold it
  expect(await responsibles([a, b, done])).toEqual([taking, taking, leaving]);
  for (const id of [a, b])
    expect((await historyLines(id)).at(-1)).toEqual(['Ответственный: Уходов Петр Ильич → Принимаев Олег Юрьевич']);
});

test('a reserve whose responsible was deleted: role 1 cannot fix it, the administrator hands it to another', async () => {
  const leaving = await newEmployee('Прежний Антон Сергеевич');
  const reserve = await reserveFor(leaving);
  // deleted before the rule held (issue 33): straight in the database
  await ctx.db.execute(sql`UPDATE employees SET status = 'deleted', deleted_at = now() WHERE id = ${leaving}`);
  const byManager = await ctx.change('PATCH', `/api/reserves/${reserve}`, 'manager', {
    delivery_address: 'Казань, ул. Баумана, 7',
  });
  expect([byManager.status, byManager.body.messages]).toEqual([
    400,
    ['Ответственный за резерв удален: назначить другого может только администратор'],
  ]);
  const unchanged = await ctx.change('PATCH', `/api/reserves/${reserve}`, 'admin', {
    delivery_address: 'Казань, ул. Баумана, 7',
  });
  expect([unchanged.status, unchanged.body.messages]).toEqual([
    400,
    ['Ответственный за резерв удален: выберите другого'],
  ]);
  const fixed = await ctx.change('PATCH', `/api/reserves/${reserve}`, 'admin', {
    delivery_address: 'Казань, ул. Баумана, 7',
    responsible_id: trade.employeeId,
  });
  expect(fixed.status).toBe(200);
  expect(await responsibles([reserve])).toEqual([trade.employeeId]);
  // handed on, role 1 works on it again
  expect(
    (await ctx.change('PATCH', `/api/reserves/${reserve}`, 'manager', { delivery_address: 'Казань, ул. Баумана, 9' }))
      .status,
  ).toBe(200);
});
