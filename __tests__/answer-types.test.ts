// The schema is the type, on the SPA's side: what an endpoint answers (the first type argument of its
// `build.query<…>` / `build.mutation<…>`) is the server's schema of that answer, derived with `Static<typeof …>` from
// domain/answers/ (or a Pick/Omit/& of such a type), never an interface or an object type written again here. This
// test follows each answer type's names through the aliases and imports that define them (to the file that declares
// them) and lists every hand-written declaration it reaches. What is still written by hand is listed below, by the
// place it is declared; the list only shrinks: a new hand-written answer type fails, and so does one derived since
// (its line must go).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const rel = (file: string) => path.relative(root, file);
const read = (file: string) => readFileSync(file, 'utf8');

/** The SPA's API modules: the shared ones and each feature's own. */
const modules = [
  ...readdirSync(path.join(root, 'src/api')).map((name) => path.join(root, 'src/api', name)),
  ...readdirSync(path.join(root, 'src/features')).flatMap((feature) =>
    readdirSync(path.join(root, 'src/features', feature))
      .filter((name) => /^(\w+Api|api)\.ts$/.test(name))
      .map((name) => path.join(root, 'src/features', feature, name)),
  ),
].filter((file) => file.endsWith('.ts'));

/** The text from `start` to the first `end` character outside brackets (a type argument, an alias's right side). */
function until(source: string, start: number, end: RegExp): string {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const c = source[i];
    if (depth === 0 && end.test(c)) return source.slice(start, i);
    if ('<({['.includes(c)) depth++;
    else if ('>)}]'.includes(c) && !(c === '>' && source[i - 1] === '=')) depth--;
  }
  return source.slice(start);
}

/** What each endpoint of a module answers: the first type argument of its query or mutation. */
const answerTypes = (source: string) =>
  [...source.matchAll(/build\.(?:query|mutation)</g)].map((m) => until(source, m.index + m[0].length, /,/));

/** Type names that are TypeScript's own or TypeBox's: they derive, they declare nothing. */
const BUILT_IN = new Set(['Static', 'Record', 'Partial', 'Omit', 'Pick', 'Required', 'Readonly', 'Array', 'Exclude']);

/** The names a type text reads, but the schemas it takes the type of (`typeof CURRENCY_RATES`). */
const namesIn = (type: string) =>
  [...type.replace(/typeof\s+[\w.]+/g, '').matchAll(/\b[A-Z]\w*\b/g)]
    .map(([name]) => name)
    .filter((n) => !BUILT_IN.has(n));

function resolveImport(file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const target = path.resolve(path.dirname(file), spec);
  return [`${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')].find((f) => existsSync(f));
}

const answers = path.join(root, 'domain/answers');

/** The hand-written declarations a type text reaches from `file`, as 'file: Name' ('file: { …the type… }' for an object
 * type written in place, but for the keys an intersection adds). A name from domain/answers is the schema's, and where a name is not found (a type parameter, a
 * library's type) nothing is declared here. */
function handWritten(type: string, file: string, seen = new Set<string>()): string[] {
  // the keys an intersection adds to a type (`Omit<Static<…>, 'id'> & { id: number | string }`) derive it; its other
  // side is followed like any name
  const found = /\{/.test(type) && !/&/.test(type) ? [`${rel(file)}: ${type.replace(/\s+/g, ' ').trim()}`] : [];
  return found.concat(namesIn(type).flatMap((name) => declarationOf(name, file, seen)));
}

function declarationOf(name: string, file: string, seen: Set<string>): string[] {
  const key = `${file}#${name}`;
  if (seen.has(key) || file.startsWith(answers)) return [];
  seen.add(key);
  const source = read(file);
  if (new RegExp(`\\binterface ${name}\\b`).test(source)) return [`${rel(file)}: ${name}`];
  const alias = new RegExp(`\\btype ${name}\\b(<[^=]*>)?\\s*=`).exec(source);
  if (alias) return handWritten(until(source, alias.index + alias[0].length, /;/), file, seen);
  // imported, or re-exported, by name (`X`, `type X`, `Y as X`), or re-exported by `export *`
  for (const m of source.matchAll(/(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    for (const item of m[1].split(',').map((s) => s.replace(/^\s*type\s+/, '').trim())) {
      const [original, local = original] = item.split(/\s+as\s+/);
      if (local !== name) continue;
      const target = resolveImport(file, m[2]);
      return target ? declarationOf(original, target, seen) : [];
    }
  }
  for (const m of source.matchAll(/export \* from '([^']+)'/g)) {
    const target = resolveImport(file, m[1]);
    const inner = target ? declarationOf(name, target, seen) : [];
    if (inner.length) return inner;
  }
  return [];
}

/** What the SPA still types by hand, by the place it is declared (the areas not yet derived from their schemas). */
const WRITTEN_BY_HAND: string[] = [
  // the session, the lists' shared answers and a record's history
  'domain/accounts.ts: ActivateResponse',
  'domain/accounts.ts: StatusResponse',
  'domain/api.ts: CurrentUser',
  'domain/permissions.ts: Permissions',
  'domain/history.ts: FieldChange',
  'domain/history.ts: HistoryEntry',
  'domain/lists.ts: ColumnSetting',
  'domain/lists.ts: FilterConfigEntry',
  'domain/lists.ts: ListResponse',
  'domain/lists.ts: string | string[] | boolean | { from?: string; to?: string }',
  'domain/notifications.ts: NotificationList',
  'src/api/lists.ts: { status: string }',
  'src/api/notifications.ts: { status: string }',
  'src/api/records.ts: UploadedFile',
  'src/features/auth/authApi.ts: { status: string }',
  // a record's card
  'src/api/cards.ts: CardRecord',
  // the offers' card, documents and a shipment's landed cost (its route's schema is in server/sections/shipments)
  'domain/offers/documents.ts: DocumentSettings',
  'domain/offers/documents.ts: OfferDocument',
  'domain/offers/logistics.ts: ReserveCut',
  'src/api/landedCost.ts: LandedAnswer',
  'src/features/offers/documentsApi.ts: { status: string }',
  'src/features/offers/offersApi.ts: OfferRecord',
  'src/features/offers/offersApi.ts: { offer: OfferRecord; cut: ReserveCut[] }',
  // the reserves' blocks
  'src/features/reserves/reservesApi.ts: ReservePayments',
  'src/features/reserves/reservesApi.ts: ReserveRecord',
  // a buyer's ledger, the analytics, the price list and the quotes
  'domain/buyers/ledger.ts: Ledger',
  'domain/analytics.ts: ChartAnswer',
  'domain/priceList/lines.ts: PriceList',
  'src/features/priceList/priceListApi.ts: { status: string }',
  'domain/quotes/search.ts: QuoteSearchAnswer',
  'src/features/quote/quoteApi.ts: QuoteCard',
  'src/features/quote/quoteApi.ts: QuoteListRow',
  "src/features/quote/quoteApi.ts: { at: string; user: string | null; action: 'create' | 'update' | 'delete'; changes: FieldChange[] }[]",
  'src/features/quote/quoteApi.ts: { reserve_ids: number[]; quote: QuoteCard }',
  // a supplier's price lists
  'domain/suppliers/priceListPreview.ts: PriceListPreview',
  'domain/suppliers/priceListPreview.ts: PriceListUpload',
  // the papers: invoices and УПД
  'src/api/papers.ts: InvoiceRow',
  'src/api/papers.ts: UpdRow',
  'src/api/papers.ts: { data: InvoiceRow[] }',
  'src/api/papers.ts: { data: UpdRow[] }',
  'src/features/invoices/invoicesApi.ts: InvoicePaymentRow',
  'src/features/invoices/invoicesApi.ts: { data: InvoiceRow[] }',
  'src/features/upd/updApi.ts: { data: UpdRow[] }',
  // the settings page
  'src/features/settings/adminApi.ts: { status: string }',
  'src/features/settings/adminApi.ts: { status: string; id: number; message: string }',
  'src/features/settings/adminApi.ts: { status: string; lots?: number }',
  'src/features/settings/adminApi.ts: { status: string; settings?: SettingsValues; offers?: number }',
  'src/features/settings/countriesApi.ts: CountryMappings',
];

test("every answer type of the SPA's endpoints is derived from the server's schema, but those still listed", () => {
  const found = [
    ...new Set(modules.flatMap((file) => answerTypes(read(file)).flatMap((type) => handWritten(type, file)))),
  ].sort();
  expect(found).toEqual([...WRITTEN_BY_HAND].sort());
});

test('the check reaches a hand-written answer through aliases and imports', () => {
  const file = path.join(root, 'src/api/currencyRates.ts');
  // derived: the schema's Static, through an alias of domain/answers
  expect(handWritten('Static<typeof CURRENCY_RATES>', file)).toEqual([]);
  expect(handWritten('StripRate[]', file)).toEqual([]);
  // hand-written: an object type in place, an interface of another module reached through its import
  expect(handWritten('{ date: string; rates: StripRate[] }', file)).toEqual([
    'src/api/currencyRates.ts: { date: string; rates: StripRate[] }',
  ]);
  expect(handWritten('ApiError', path.join(root, 'src/api/cards.ts'))).toEqual(['src/api/errors.ts: ApiError']);
});
