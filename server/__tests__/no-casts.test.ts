// The route schemas are the handlers' types (server/http/typed.ts): no server source outside the tests casts what a
// request brought. A body, query or params cast by hand (`request.body as X`, a card's body `(value ?? {}) as Row`,
// an administrator's change `body as UserChange`) is typed from its schema instead (`Type.*`, or `Type.Unsafe<T>`
// beside a schema built at run time), so what is checked and what is read cannot drift apart.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === '__tests__' || name === 'migrations') return [];
    if (statSync(full).isDirectory()) return sources(full);
    return /\.ts$/.test(name) ? [full] : [];
  });
}

const CASTS = [
  /request\.(body|query|params)\s*\)?\s*as\b/,
  /\(request\.(body|query|params)\s*\?\?\s*\{\}\)\s*as\b/,
  /\(value \?\? \{\}\) as Row/,
  /\bbody as [A-Z]\w*\)/,
  // nor a value the code reads as a row: its type comes from its schema, or `isRow` tells it is one
  /\bas Row\b/,
];

test("no server source casts a request's body, query or params, nor a value to Row", () => {
  const found = sources(root).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => ({ line, at: `${path.relative(root, file)}:${i + 1}` }))
      .filter(({ line }) => CASTS.some((cast) => cast.test(line)))
      .map(({ at, line }) => `${at}: ${line.trim()}`),
  );
  expect(found).toEqual([]);
});
