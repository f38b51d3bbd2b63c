// Prints the gzipped JS the sign-in page loads (its <script> tags in dist/index.html) and each lazy chunk.
// Budget: the sign-in page ≤ 160 KB of gzipped JS (DESIGN.md: 200, aim 160); every section its own chunk.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const dist = path.resolve(__dirname, '..', 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<script[^>]*\ssrc="?\/?([^"\s>]+)"?/g)].map((m) => m[1]);
const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

let total = 0;
console.log('Sign-in page, initial scripts (gzip -9):');
for (const file of initial) {
  const size = gz(file);
  total += size;
  console.log(`  ${file.padEnd(40)} ${kb(size)}`);
}
const BUDGET_KB = 160;
console.log(
  `  ${'total'.padEnd(40)} ${kb(total)}   budget ${BUDGET_KB} KB: ${total <= BUDGET_KB * 1024 ? 'met' : 'MISSED'}`,
);
if (total > BUDGET_KB * 1024) process.exitCode = 1;
console.log(
  `RESULT bundle page=signin scripts=${initial.length} gzip_kb=${(total / 1024).toFixed(1)} budget_kb=${BUDGET_KB}`,
);

console.log('Lazy chunks:');
for (const file of readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .sort()) {
  const rel = `assets/${file}`;
  if (!initial.includes(rel)) console.log(`  ${rel.padEnd(40)} ${kb(gz(rel))}`);
}
