// What a list costs per row (issue 55): the offers list's page and count and the export's statement, EXPLAINed over
// the demo data, read no table per row. A column computed by a correlated subquery (a SubPlan run once per row)
// over the lot documents is what made the export of 100 000 offers ten times slower and the filtered list of a
// million offers compute its state a million times; nothing timed noticed it. The plan says so whatever the machine.
import { sql, type SQL } from 'drizzle-orm';
import { createDemoApp, type DemoContext } from './testApp';
import { rowsOf } from '../db/rows';
import { compileList, listParts } from '../lists/engine';
import { exportColumns } from '../lists/export/columns';
import { exportQuery } from '../lists/export/rows';
import { offersSpec } from '../sections/offers/list';
import type { AuthenticatedUser } from '../accounts/users';
import type { SectionSpec } from '../contract/section';
import { SECTION_SPECS } from '../sections';
import type { Section } from '../../domain/sections';

let ctx: DemoContext;
let auth: AuthenticatedUser;

beforeAll(async () => {
  ctx = await createDemoApp();
  const me = await ctx.call('GET', '/api/permissions');
  auth = { user: { id: me.body.user_id, supplier_id: null }, permissions: me.body } as unknown as AuthenticatedUser;
}, 300_000);

afterAll(() => ctx?.close());

/** The plan of a statement as PostgreSQL prints it. */
const plan = async (statement: SQL) =>
  rowsOf<{ 'QUERY PLAN': string }>(await ctx.db.execute(sql`EXPLAIN ${statement}`))
    .map((r) => r['QUERY PLAN'])
    .join('\n');

/** The tables a plan reads inside its SubPlans (a correlated subquery: once per row of the node above it). */
function perRowTables(text: string): string[] {
  const lines = text.split('\n');
  const found = new Set<string>();
  lines.forEach((line, i) => {
    const at = line.indexOf('SubPlan');
    if (at < 0) return;
    // the SubPlan's own nodes: the lines below it indented further
    for (const below of lines.slice(i + 1)) {
      if (below.search(/\S/) <= at) break;
      const scan = / on (\w+)/.exec(below);
      if (scan) found.add(scan[1]);
    }
  });
  return [...found].sort();
}

// every column of the page (the default columns and the rest), filtered by the documents state
const QUERY = { documents_state: 'expiring', perPage: '200' };

test('the offers page with every column and the documents filter reads no lot documents per row', async () => {
  const compiled = compileList(offersSpec, auth, QUERY);
  const page = await plan(compiled.page);
  expect(page).not.toMatch(/offer_documents/);
  expect(perRowTables(page)).not.toContain('offer_documents');
  expect(perRowTables(page)).not.toContain('reserves');
  expect(await plan(compiled.countUpTo(compiled.countLimit))).not.toMatch(/offer_documents/);
});

test('the export of every offer column reads no other table per row (issue 55: the reserved sum is stored too)', async () => {
  const parts = listParts(offersSpec, auth, QUERY, ['read', 'export']);
  const columns = exportColumns(offersSpec, auth, undefined);
  expect(columns.map((c) => c.key)).toContain('documents_state');
  expect(columns.map((c) => c.key)).toEqual(expect.arrayContaining(['reserved_sum', 'comments']));
  // the export's statement (PostgreSQL's COPY): each column as its cell reads it, the comments joined once, over
  // the list's FROM, filters, scopes and sort
  const { select, from } = exportQuery(offersSpec, columns);
  const statement = sql`SELECT ${select} ${from} WHERE ${sql.join(parts.conditions, sql` AND `)} ORDER BY ${parts.orderBy}`;
  const text = await plan(statement);
  expect(text).not.toMatch(/offer_documents/);
  // no SubPlan at all: the reserves' sum was one per row (~0.3 s an export of 100 000 offers)
  expect(perRowTables(text)).toEqual([]);
  expect(text).not.toMatch(/SubPlan/);
});

// Every section's export: each visible column as its cell reads it, over the list's FROM, filters, scopes and sort,
// with no SubPlan (a column read per row from another table is what an export of 100 000 rows pays for 100 000
// times). Every section's page: its count reads nothing per row, and what its rows read per row is the page's own
// cells alone (the latest comments, an offer's photos, their authors), for the 20–200 rows of a page.
const PAGE_CELLS = ['comments', 'files', 'users'];
/** The tables read per row, an index counted as the table it indexes (the house names indexes <table>_…_idx).
 * A buyer's balance and overdue debt were read so (its sales summed per buyer, each sale's payments per sale)
 * until they were stored (migration 0062). */
const perRowReads = (text: string) => [...new Set(perRowTables(text))];

test.each(Object.keys(SECTION_SPECS) as Section[])(
  '%s: the export reads no other table per row; the page only its cells',
  async (section) => {
    const spec = SECTION_SPECS[section] as unknown as SectionSpec;
    const parts = listParts(spec, auth, {}, ['read', 'export']);
    const { select, from } = exportQuery(spec, exportColumns(spec, auth, undefined));
    const text = await plan(
      sql`SELECT ${select} ${from} WHERE ${sql.join(parts.conditions, sql` AND `)} ORDER BY ${parts.orderBy}`,
    );
    expect(perRowReads(text)).toEqual([]);
    expect(text).not.toMatch(/SubPlan/);
    const compiled = compileList(spec, auth, { perPage: '200' });
    expect(perRowTables(await plan(compiled.countUpTo(compiled.countLimit)))).toEqual([]);
    expect(perRowReads(await plan(compiled.page)).filter((t) => !PAGE_CELLS.includes(t))).toEqual([]);
  },
);
