// drizzle-kit's snapshots in server/db/migrations/meta/ form a chain: sorted by file name, each one's prevId is the id
// of the one before (the first's is all zeros). `drizzle-kit generate` refuses to run when two snapshots name the same
// parent ("collision"), which is what happens when two branches each write the snapshot of their own migration on the
// same main and both land. Numbers skipped in the journal simply have no snapshot: drizzle-kit reads only the files
// there are, compares schema.ts with the last one and numbers the next migration after the journal's last entry.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT_ID = '00000000-0000-0000-0000-000000000000';

interface Link {
  file: string;
  id: string;
  prevId: string;
}

function links(metaDir: string): Link[] {
  return readdirSync(metaDir)
    .filter((name) => name.endsWith('_snapshot.json'))
    .sort()
    .map((file) => {
      const { id, prevId } = JSON.parse(readFileSync(path.join(metaDir, file), 'utf8')) as Link;
      return { file, id, prevId };
    });
}

const journalPrefixes = (metaDir: string): Set<string> =>
  new Set(
    (
      JSON.parse(readFileSync(path.join(metaDir, '_journal.json'), 'utf8')) as { entries: { tag: string }[] }
    ).entries.map((entry) => entry.tag.split('_')[0]),
  );

/** Where the chain drizzle-kit walks is broken, one line a fault (empty: `drizzle-kit generate` can run). */
export function snapshotChainBreaks(metaDir: string): string[] {
  const chain = links(metaDir);
  const inJournal = journalPrefixes(metaDir);
  const breaks: string[] = [];
  const seen = new Map<string, string>();
  chain.forEach(({ file, id, prevId }, at) => {
    const expected = at === 0 ? ROOT_ID : chain[at - 1].id;
    if (prevId !== expected)
      breaks.push(`${file}: prevId ${prevId} should be ${expected} (the id of the snapshot before it)`);
    if (seen.has(id)) breaks.push(`${file}: id ${id} is also ${seen.get(id)}'s`);
    seen.set(id, file);
    if (!inJournal.has(file.split('_')[0])) breaks.push(`${file}: no migration of that number in meta/_journal.json`);
  });
  return breaks;
}

/** Points every snapshot's prevId at the snapshot before it, keeping every id (a branch that wrote its snapshot on an
 * older main still finds its parent). Only the prevId line of a file changes. Returns the files rewritten. */
export function relinkSnapshots(metaDir: string): string[] {
  const chain = links(metaDir);
  const rewritten: string[] = [];
  chain.forEach(({ file, prevId }, at) => {
    const expected = at === 0 ? ROOT_ID : chain[at - 1].id;
    if (prevId === expected) return;
    const target = path.join(metaDir, file);
    const text = readFileSync(target, 'utf8');
    writeFileSync(target, text.replace(`"prevId": "${prevId}"`, `"prevId": "${expected}"`));
    rewritten.push(file);
  });
  return rewritten;
}
