// The repository's layout as DESIGN.md draws it, held by a test: one folder per section of the registry, and
// imports pointing one way (routes → services → records/lists → db): no service imports a route file, no module
// reaches itself again, and a section is reached only through its public face (ESLint's house/public-face).
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { SECTIONS } from '../../domain/sections';
import { API_ONLY_SECTIONS, SCREEN_SECTIONS } from '../../domain/sectionKeys';
import { folderLoops, importGraph, isAppSource } from '../../eslint/importGraph';
import { faceBreach } from '../../eslint/faces';

const server = path.resolve(__dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === '__tests__' || name === 'migrations' ? [] : files(full);
    return full.endsWith('.ts') ? [full] : [];
  });
const all = files(server);
const rel = (file: string) => path.relative(server, file);

/** A route file registers routes on a Fastify instance. */
const isRouteFile = (file: string) => /\bapp\.(get|post|put|patch|delete)\(/.test(readFileSync(file, 'utf8'));
/** Where the plugins are put together. */
const COMPOSITION = new Set(['app.ts', 'sections/index.ts']);
/** The generic list routes (list, bulk delete, filter config) and card routes (read, create, change) every section
 * plugin mounts. */
// the route builders every section shares: a record's card (with its bulk edit and restore), its list and the
// import of a section that imports (offers, buyers)
const SHARED_ROUTES = new Set([
  'lists/routes.ts',
  'records/cardRoutes.ts',
  'records/bulkRoutes.ts',
  'lists/importRoutes.ts',
]);

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/from '(\.[^']+)'/g)]
    .map(([, spec]) => path.resolve(path.dirname(file), spec))
    .map((target) => [`${target}.ts`, path.join(target, 'index.ts')].find((f) => existsSync(f)))
    .filter((f): f is string => f !== undefined && f.startsWith(server));
}

test('every section of the registry has its folder: the plugin (index.ts) and its list spec (list.ts)', () => {
  for (const section of SECTIONS) {
    for (const file of ['index.ts', 'list.ts'])
      expect([section, existsSync(path.join(server, 'sections', section, file))]).toEqual([section, true]);
  }
  expect(existsSync(path.join(server, 'routes'))).toBe(false);
  expect(existsSync(path.join(server, 'auth'))).toBe(false);
});

test('no service imports a route file, and no route file another one', () => {
  const wrong: string[] = [];
  // a section's plugin (its routes.ts, or index.ts) puts its own folder's route files together, as app.ts does the
  // sections
  const composesOwnFolder = (file: string, target: string) =>
    ['index.ts', 'routes.ts'].includes(path.basename(file)) &&
    rel(file).startsWith('sections/') &&
    path.dirname(target) === path.dirname(file);
  for (const file of all) {
    if (COMPOSITION.has(rel(file))) continue;
    for (const target of importsOf(file)) {
      if (isRouteFile(target) && !SHARED_ROUTES.has(rel(target)) && !composesOwnFolder(file, target))
        wrong.push(`${rel(file)} → ${rel(target)}`);
    }
  }
  expect(wrong).toEqual([]);
});

test('the generic layers name no section: lists/, records/ and http/ import nothing from sections/', () => {
  const wrong = all
    .filter((file) => /^(lists|records|http)\//.test(rel(file)))
    .flatMap((file) =>
      importsOf(file)
        .filter((target) => rel(target).startsWith('sections/'))
        .map((target) => `${rel(file)} → ${rel(target)}`),
    );
  expect(wrong).toEqual([]);
});

test('business settings are a module below the sections: no section imports admin/, settings/ import no section nor admin/', () => {
  const wrong = all.flatMap((file) =>
    importsOf(file)
      .filter(
        (target) =>
          (rel(file).startsWith('sections/') && rel(target).startsWith('admin/')) ||
          (rel(file).startsWith('settings/') && /^(sections|admin)\//.test(rel(target))),
      )
      .map((target) => `${rel(file)} → ${rel(target)}`),
  );
  expect(wrong).toEqual([]);
  // and the sections read them there
  expect(
    all.some(
      (file) => rel(file).startsWith('sections/') && importsOf(file).some((t) => rel(t) === 'settings/index.ts'),
    ),
  ).toBe(true);
});

// ---- the ESLint zones and the import graph of the whole repository
const repo = path.resolve(server, '..');
const eslint = path.join(repo, 'node_modules', '.bin', 'eslint');

/** ESLint's own view of a file's configuration (the flat config as it is loaded, zones built and all). */
function eslintConfigFor(file: string): { rules: Record<string, [number, unknown?]> } {
  const run = spawnSync(eslint, ['--print-config', file], { cwd: repo, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

/** The rules ESLint breaks on `text` linted as the file `file` (which need not exist: a folder added tomorrow); the
 * import-cycle rules, which walk the whole graph and are tested below, are left off for speed. */
function rulesBroken(file: string, text: string): string[] {
  const off = ['--rule', 'import-x/no-cycle: off', '--rule', 'house/no-folder-loop: off'];
  const run = spawnSync(eslint, ['--stdin', '--stdin-filename', file, '--format', 'json', ...off], {
    cwd: repo,
    encoding: 'utf8',
    input: text,
  });
  const [{ messages }] = JSON.parse(run.stdout) as { messages: { ruleId: string }[] }[];
  return messages.map((m) => m.ruleId);
}

test('the public-face and import-cycle rules are on, and every screen section has its feature folder', () => {
  const { rules } = eslintConfigFor('server/sections/offers/index.ts');
  expect(rules['import-x/no-cycle'][0]).toBe(2);
  expect(rules['house/public-face'][0]).toBe(2);
  const featureFolders = readdirSync(path.join(repo, 'src', 'features')).filter((name) =>
    statSync(path.join(repo, 'src', 'features', name)).isDirectory(),
  );
  expect(SCREEN_SECTIONS.every((section) => featureFolders.includes(section))).toBe(true);
  expect(API_ONLY_SECTIONS.some((section) => featureFolders.includes(section))).toBe(false);
});

test("no code outside a section imports its inner files, and no feature another's: the whole graph", () => {
  const breaches = [...importGraph(repo, ['server', 'src', 'domain'])].flatMap(([file, targets]) =>
    targets.flatMap((target) => {
      const why = faceBreach(repo, file, target);
      return why ? [`${path.relative(repo, file)} → ${path.relative(repo, target)}`] : [];
    }),
  );
  expect(breaches).toEqual([]);
});

test("ESLint refuses an import into another section's inner file from any folder, a new one too", () => {
  const use = (spec: string, name: string) => `import { ${name} } from '${spec}';\nexport const _x = ${name};\n`;
  // a wing, a section, and a folder no list names yet
  expect(rulesBroken('server/quotes/fed.ts', use('../sections/reserves/stats', 'reserveStats'))).toEqual([
    'house/public-face',
  ]);
  expect(rulesBroken('server/sections/employees/fed.ts', use('../reserves/stats', 'reserveStats'))).toEqual([
    'house/public-face',
  ]);
  expect(rulesBroken('server/newWing/fed.ts', use('../sections/buyers/debt', 'saleOf'))).toEqual(['house/public-face']);
  // through the public face it passes, and a section reads its own inner files
  expect(rulesBroken('server/newWing/fed.ts', use('../sections/buyers', 'saleOf'))).toEqual([]);
  expect(rulesBroken('server/sections/buyers/fed.ts', use('./debt', 'saleOf'))).toEqual([]);
  // on the SPA a feature, a new one too, imports no other feature, save the buyer picker given to reserves and quote
  expect(rulesBroken('src/features/newFeature/Fed.tsx', use('../offers/slots', 'OffersSlotsContext'))).toEqual([
    'house/public-face',
  ]);
  expect(rulesBroken('src/features/reserves/Fed.tsx', use('../buyers/BuyerPicker', 'BuyerPicker'))).toEqual([]);
  expect(rulesBroken('src/features/offers/Fed.tsx', use('../buyers/BuyerPicker', 'BuyerPicker'))).toEqual([
    'house/public-face',
  ]);
});

test('ESLint sees a circle through TypeScript files (import-x needs the .ts extensions to follow them)', () => {
  // domain/permissions.ts imports the registry; the registry importing it back closes a circle
  const text = `${readFileSync(path.join(repo, 'domain', 'sections.ts'), 'utf8')}\nimport { can } from './permissions';\nexport const _can = can;\n`;
  const run = spawnSync(eslint, ['--stdin', '--stdin-filename', 'domain/sections.ts', '--format', 'json'], {
    cwd: repo,
    encoding: 'utf8',
    input: text,
  });
  const [{ messages }] = JSON.parse(run.stdout) as { messages: { ruleId: string }[] }[];
  expect(messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
});

/** Every file of the repository's code and the files it imports, type-only and lazy imports included. */
const importGraphOfRepo = () => importGraph(repo, ['server', 'src', 'domain', '__tests__', 'e2e', 'bench']);

test('no module reaches itself through its imports, type-only imports included (which the lint rule skips)', () => {
  const graph = importGraphOfRepo();
  const circles: string[] = [];
  const done = new Set<string>();
  const visit = (file: string, trail: string[]) => {
    const at = trail.indexOf(file);
    if (at >= 0) return void circles.push([...trail.slice(at), file].map((f) => path.relative(repo, f)).join(' → '));
    if (done.has(file)) return;
    for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
    done.add(file);
  };
  for (const file of graph.keys()) visit(file, []);
  expect(circles).toEqual([]);
});

test('no two folders of the code reach each other (issue 32: records ⇄ lists, http ⇄ accounts, List ⇄ DataTable went)', () => {
  const code = new Map([...importGraphOfRepo()].filter(([file]) => isAppSource(repo, file)));
  expect(folderLoops(repo, code)).toEqual([]);
  // a loop fed in is found: lists/ reads records/ (as it does), records/ reading lists/ back closes it
  const fed = new Map(code);
  fed.set(path.join(repo, 'server/records/pipeline.ts'), [
    ...(code.get(path.join(repo, 'server/records/pipeline.ts')) ?? []),
    path.join(repo, 'server/lists/engine.ts'),
  ]);
  // the same loop, whichever of its two folders the walk reaches first
  expect(folderLoops(repo, fed)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(
        /^(server\/lists → server\/records → server\/lists|server\/records → server\/lists → server\/records)$/,
      ),
    ]),
  );
});

test('ESLint refuses an import that closes a folder loop (house/no-folder-loop), where no file closes a circle', () => {
  const pipeline = readFileSync(path.join(repo, 'server', 'records', 'pipeline.ts'), 'utf8');
  const lint = (text: string) => {
    const run = spawnSync(eslint, ['--stdin', '--stdin-filename', 'server/records/pipeline.ts', '--format', 'json'], {
      cwd: repo,
      encoding: 'utf8',
      input: text,
    });
    const [{ messages }] = JSON.parse(run.stdout) as { messages: { ruleId: string; message: string }[] }[];
    return messages;
  };
  expect(lint(pipeline)).toEqual([]);
  const fed = lint(`${pipeline}\nimport { raw } from '../lists/engine';\nexport const _raw = raw;\n`);
  expect(fed.map((m) => m.ruleId)).toEqual(['house/no-folder-loop']);
  expect(fed[0].message).toContain('server/records → server/lists → server/records');
});
