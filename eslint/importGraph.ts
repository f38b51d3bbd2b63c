// The code's import graph and the loops between its folders, read by ESLint's `house/no-folder-loop`
// (eslint.config.js transpiles this file and runs it, as it does the registry) and by server/__tests__/layout.test.ts.
// It reads files as text: type-only and lazy imports count, as they tie folders together just the same.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A file and the repository files it imports. */
export type ImportGraph = Map<string, string[]>;

/** The relative specifiers a file's text imports: `from '…'`, `import('…')` and side-effect `import '…'`. */
export const importSpecs = (source: string): string[] =>
  [...source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*(?:\/\*.*?\*\/\s*)?|^import\s+)'(\.[^']+)'/gm)].map(
    ([, spec]) => spec,
  );

/** The file a relative specifier names, if it exists. */
export function resolveImport(from: string, spec: string): string | undefined {
  const target = path.resolve(path.dirname(from), spec);
  return [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts'), path.join(target, 'index.tsx')].find(
    (f) => existsSync(f) && statSync(f).isFile(),
  );
}

/** Every .ts/.tsx file under `dirs` of `repo` (node_modules, migrations and declaration files aside) with what it imports. */
export function importGraph(repo: string, dirs: readonly string[]): ImportGraph {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (name === 'node_modules' || name === 'migrations') return [];
      if (statSync(full).isDirectory()) return walk(full);
      return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
    });
  const code = dirs
    .map((dir) => path.join(repo, dir))
    .filter(existsSync)
    .flatMap(walk);
  return new Map(code.map((file) => [file, importsOf(file, readFileSync(file, 'utf8'))]));
}

/** The repository files `source` (the text of `file`) imports. */
export const importsOf = (file: string, source: string): string[] =>
  importSpecs(source)
    .map((spec) => resolveImport(file, spec))
    .filter((f): f is string => f !== undefined);

/** The code a folder loop is judged on: the app's own source under server/, src/ and domain/, tests aside. */
export const isAppSource = (repo: string, file: string): boolean =>
  /^(server|src|domain)\//.test(path.relative(repo, file)) && !/__tests__|\.test\.tsx?$/.test(file);

/** A file's folder, relative to the repository. */
const folderOf = (repo: string, file: string) => path.relative(repo, path.dirname(file));
/** A folder and the ones below it are one layer: they may import each other. */
const holds = (a: string, b: string) => a === b || b.startsWith(`${a}/`);

/** The folder edges of a graph: a folder whose code imports another's, neither holding the other. */
function folderEdges(repo: string, graph: ImportGraph): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const [from, to] = [folderOf(repo, file), folderOf(repo, target)];
      if (holds(from, to) || holds(to, from)) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

/** A way from folder `from` to folder `to` along the edges, as the folders passed, or undefined. */
function wayBetween(edges: Map<string, Set<string>>, from: string, to: string): string[] | undefined {
  const cameFrom = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift()!;
    if (at === to) {
      const way = [at];
      while (way[0] !== from) way.unshift(cameFrom.get(way[0])!);
      return way;
    }
    for (const next of edges.get(at) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, at);
      queue.push(next);
    }
  }
  return undefined;
}

/** Loops between folders neither of which holds the other (records/ ⇄ lists/, List/ ⇄ DataTable/), each as
 * 'a → b → a'. A parent folder's own files (server/errors.ts) and its subfolders are one layer. */
export function folderLoops(repo: string, graph: ImportGraph): string[] {
  const edges = folderEdges(repo, graph);
  const loops: string[] = [];
  const done = new Set<string>();
  const visit = (folder: string, trail: string[]) => {
    const at = trail.indexOf(folder);
    if (at >= 0) return void loops.push([...trail.slice(at), folder].join(' → '));
    if (done.has(folder)) return;
    for (const next of edges.get(folder) ?? []) visit(next, [...trail, folder]);
    done.add(folder);
  };
  for (const folder of [...edges.keys()].sort()) visit(folder, []);
  return loops;
}

/** The imports of `file` (its text as it is being linted) that close a folder loop with the rest of the graph:
 * each specifier with the way back, 'b → … → a'. */
export function loopsClosedBy(
  repo: string,
  graph: ImportGraph,
  file: string,
  source: string,
): { spec: string; way: string[] }[] {
  const own = importSpecs(source).map((spec) => ({ spec, target: resolveImport(file, spec) }));
  const edges = folderEdges(repo, new Map([...graph, [file, own.flatMap(({ target }) => (target ? [target] : []))]]));
  const from = folderOf(repo, file);
  return own.flatMap(({ spec, target }) => {
    if (!target || !isAppSource(repo, target)) return [];
    const to = folderOf(repo, target);
    if (holds(from, to) || holds(to, from)) return [];
    const way = wayBetween(edges, to, from);
    return way ? [{ spec, way }] : [];
  });
}
