// "A plain field is one line in its resource plus its migration" (issue 32): a field added to the offers' resource
// in one place, with its column added to the table as a migration would, is seen by the card's form, the list
// (column, sort, filter), the export, the import template, history, bulk edit and role hiding, each derived from
// that one declaration by the same code the real sections go through; marked as part of the lot, by the price
// list's and the quote's lot too (domain/offers/lot.ts, server/priceList/lot.ts).
import { eq, sql } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { users } from '../db/schema';
import { loadPermissions } from '../accounts/users';
import { runList } from '../lists/engine';
import { prepareExport } from '../lists/export';
import { resourceSql } from '../lists/resource';
import { offersSpec } from '../sections/offers/list';
import type { SectionSpec } from '../contract/section';
import { defineResource, type FieldSpec } from '../../domain/resource';
import { offersResource } from '../../domain/offers/resource';
import { historyFieldsOf, valueText } from '../../domain/history';
import { bulkFieldsFor } from '../../domain/bulk';
import { choicesFor } from '../../domain/fieldChoices';
import { defineLot, LOT_COLUMNS, LOT_FIELDS, LOT_FILTERS, PRICE_LIST_LOT } from '../../domain/offers/lot';
import { lotFilterConditions, lotJoins, lotSelect } from '../priceList/lot';
import { rowsOf } from '../db/rows';

let ctx: DemoContext;

// the one line
const packingNote: FieldSpec = {
  label: 'Примечание к упаковке',
  kind: 'text',
  column: { width: 200 },
  filter: true,
  bulk: 'set',
  import: { example: 'Двойной мешок', note: 'можно оставить пустым' },
};

const { spec } = offersResource;
const withNote = defineResource({
  ...spec,
  fields: { ...spec.fields, packing_note: packingNote },
  columns: [...spec.columns, 'packing_note'],
  filters: [...spec.filters, 'packing_note'],
  bulk: { ...spec.bulk!, order: [...spec.bulk!.order, 'packing_note'] },
  importOrder: [...spec.importOrder!, 'packing_note'],
});

/** The offers list as offers/list.ts builds it, over the resource with the new field. */
const derived = resourceSql(withNote, 'o', {
  computed: {
    reserved_sum: sql`o.reserved_amount * o.unit_price`,
    available_sum: sql`o.available_amount * o.unit_price`,
  },
});
const listSpec: SectionSpec = {
  ...offersSpec,
  columnDefs: withNote.columns,
  filterDefs: withNote.filters,
  from: sql`FROM offers o ${derived.joins}`,
  columns: { ...derived.columns, images: offersSpec.columns.images, comments: offersSpec.columns.comments },
  sortable: derived.sortable,
  filters: { ...offersSpec.filters, ...derived.filters },
};

async function authOf(email: string, hidden: string[] = []) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  const permissions = await loadPermissions(ctx.db, user);
  permissions.hidden_fields.offers = [...(permissions.hidden_fields.offers ?? []), ...hidden];
  return { user, permissions };
}

beforeAll(async () => {
  ctx = await createDemoApp();
  // the migration
  await ctx.db.execute(sql`ALTER TABLE offers ADD COLUMN packing_note text`);
  await ctx.db.execute(sql`UPDATE offers SET packing_note = 'Двойной мешок' WHERE id = 3`);
  await ctx.db.execute(sql`UPDATE offers SET packing_note = 'Коробка с вкладышем' WHERE id = 5`);
}, 120_000);

afterAll(() => ctx?.close());

test('the card asks for it under its label, and the import template has its column', () => {
  expect(withNote.formFields.at(-1)).toEqual({
    key: 'packing_note',
    label: 'Примечание к упаковке',
    kind: 'text',
    import: { example: 'Двойной мешок', note: 'можно оставить пустым' },
  });
  expect(withNote.importColumns.at(-1)).toEqual({
    key: 'packing_note',
    title: 'Примечание к упаковке',
    example: 'Двойной мешок',
    note: 'можно оставить пустым',
  });
  // nothing else moved: the offers' own fields are as they were
  expect(withNote.formFields.slice(0, -1)).toEqual(offersResource.formFields);
});

test('the list shows it, sorts and filters by it, and the filter panel offers it', async () => {
  expect(withNote.columns.find((c) => c.key === 'packing_note')).toMatchObject({
    title: 'Примечание к упаковке',
    type: 'text',
    width: 200,
  });
  expect(withNote.filters.find((f) => f.key === 'packing_note')).toEqual({
    key: 'packing_note',
    title: 'Примечание к упаковке',
    type: 'string',
    placeholder: ['Введите значение'],
  });
  const admin = await authOf('admin@nutdesk.demo');
  const found = await runList(ctx.db, listSpec, admin, { packing_note: 'мешок' }, '/api/offers');
  expect(found.data.map((row) => [row.id, row.packing_note])).toEqual([[3, 'Двойной мешок']]);
  const sorted = await runList(ctx.db, listSpec, admin, { sort: 'packing_note', order: 'desc' }, '/api/offers');
  expect(sorted.data.slice(0, 2).map((row) => [row.id, row.packing_note])).toEqual([
    [5, 'Коробка с вкладышем'],
    [3, 'Двойной мешок'],
  ]);
});

test('the export writes its column, titled as the list titles it', async () => {
  const file = await prepareExport(ctx.db, listSpec, await authOf('admin@nutdesk.demo'), {
    format: 'csv',
    columns: ['id', 'packing_note'],
    query: { packing_note: 'вкладыш' },
  });
  let text = '';
  for await (const chunk of file.stream) text += String(chunk);
  expect(
    text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/),
  ).toEqual(['№;Примечание к упаковке', '5;Коробка с вкладышем']);
});

test('history records its changes under its label, and bulk edit may set it', () => {
  const field = historyFieldsOf(withNote).packing_note;
  expect(field).toMatchObject({ key: 'packing_note', title: 'Примечание к упаковке', format: 'text' });
  expect(bulkFieldsFor(withNote).at(-1)).toEqual({ key: 'packing_note', label: 'Примечание к упаковке', kind: 'text' });
  // the tab prints it as it prints every recorded text
  expect(`${field.title}: ${valueText('offers', field, null)} → ${valueText('offers', field, 'Двойной мешок')}`).toBe(
    'Примечание к упаковке: — → Двойной мешок',
  );
});

test('a role may have it hidden: the roles tab offers it, and the list, its sort and its filter leave it out', async () => {
  expect(choicesFor(withNote)).toContainEqual({ title: 'Примечание к упаковке', fields: ['packing_note'] });
  const hiding = await authOf('manager@nutdesk.demo', ['packing_note']);
  const list = await runList(ctx.db, listSpec, hiding, {}, '/api/offers');
  expect(list.data.length).toBeGreaterThan(0);
  expect(list.data.some((row) => 'packing_note' in row)).toBe(false);
  await expect(runList(ctx.db, listSpec, hiding, { packing_note: 'мешок' }, '/api/offers')).rejects.toMatchObject({
    statusCode: 403,
  });
  await expect(runList(ctx.db, listSpec, hiding, { sort: 'packing_note' }, '/api/offers')).rejects.toMatchObject({
    statusCode: 400,
  });
});

test('marked as part of the lot, the price list and the quote read it, title, filter and type it', async () => {
  // the same line, marked as what a buyer is quoted too (domain/offers/lot.ts)
  const lot = defineLot(
    defineResource({
      ...spec,
      fields: { ...spec.fields, packing_note: { ...packingNote, lot: { part: 'note', title: 'Примечание' } } },
    }),
  );
  const keys = (fields: readonly { key: string }[]) => fields.map((fd) => fd.key);
  expect(keys(lot.fields)).toEqual([...keys(LOT_FIELDS), 'packing_note']);
  expect(keys(lot.priceList)).toEqual([...keys(PRICE_LIST_LOT), 'packing_note']);
  expect(lot.columns.map((fd) => fd.title)).toEqual([...LOT_COLUMNS.map((fd) => fd.title), 'Примечание']);
  expect(lot.filters.map((fd) => fd.field)).toEqual([...LOT_FILTERS.map((fd) => fd.field), 'packing_note']);
  expect(lot.properties().packing_note).toEqual({ type: ['string', 'null'] });
  expect(lot.filterProperties({ ids: 'ids', texts: 'texts' }).packing_note).toBe('texts');
  expect(lot.filtersOf({ note: 'Двойной мешок' }).packing_note).toEqual(['Двойной мешок']);
  // the price list's SQL selects it and filters by it; the quote's title names it
  const rows = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`SELECT o.id, ${lotSelect('o', lot.priceList)} FROM offers o ${lotJoins('o', lot.fields)}
    WHERE ${sql.join(lotFilterConditions('o', { packing_note: ['Двойной мешок'] }, lot.filters), sql` AND `)}`),
  );
  expect(rows.map((row) => [row.id, row.packing_note])).toEqual([[3, 'Двойной мешок']]);
  expect(Object.keys(lot.pickPriceList(rows[0]))).toEqual(keys(lot.priceList));
  expect(lot.title(rows[0]).endsWith(', Двойной мешок')).toBe(true);
});
