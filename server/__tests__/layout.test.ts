// The server's layout as DESIGN.md draws it, held by a test: one folder per section of the registry, and
// imports pointing one way (routes → services → records/lists → db): no service imports a route file.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { SECTIONS } from '../../domain/sections';

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
const SHARED_ROUTES = new Set(['lists/routes.ts', 'records/cardRoutes.ts']);

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/from '(\.[^']+)'/g)]
    .map(([, spec]) => path.resolve(path.dirname(file), spec))
    .map((target) => [`${target}.ts`, path.join(target, 'index.ts')].find((f) => existsSync(f)))
    .filter((f): f is string => f !== undefined && f.startsWith(server));
}

test('every section of the registry has its folder: the plugin (index.ts) and its list spec (list.ts)', () => {
  for (const section of SECTIONS) {
    for (const file of ['index.ts', 'list.ts']) expect([section, existsSync(path.join(server, 'sections', section, file))]).toEqual([section, true]);
  }
  expect(existsSync(path.join(server, 'routes'))).toBe(false);
  expect(existsSync(path.join(server, 'auth'))).toBe(false);
});

test('no service imports a route file, and no route file another one', () => {
  const wrong: string[] = [];
  // a section's plugin (its index.ts) puts its own folder's route files together, as app.ts does the sections
  const composesOwnFolder = (file: string, target: string) => path.basename(file) === 'index.ts' && rel(file).startsWith('sections/') && path.dirname(target) === path.dirname(file);
  for (const file of all) {
    if (COMPOSITION.has(rel(file))) continue;
    for (const target of importsOf(file)) {
      if (isRouteFile(target) && !SHARED_ROUTES.has(rel(target)) && !composesOwnFolder(file, target)) wrong.push(`${rel(file)} → ${rel(target)}`);
    }
  }
  expect(wrong).toEqual([]);
});

test('the generic layers name no section: lists/, records/ and http/ import nothing from sections/', () => {
  const wrong = all
    .filter((file) => /^(lists|records|http)\//.test(rel(file)))
    .flatMap((file) => importsOf(file).filter((target) => rel(target).startsWith('sections/')).map((target) => `${rel(file)} → ${rel(target)}`));
  expect(wrong).toEqual([]);
});
