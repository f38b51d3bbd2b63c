// `drizzle-kit generate` walks the snapshots in meta/ as a chain and stops with "collision" when two name the same
// parent: two branches that each wrote their migration's snapshot on the same main break it when both land.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../db/client';
import { relinkSnapshots, snapshotChainBreaks } from '../scripts/snapshotChain';

const ROOT = '00000000-0000-0000-0000-000000000000';

function metaWith(journalTags: string[], snapshots: Record<string, { id: string; prevId: string }>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'meta-'));
  const entries = journalTags.map((tag) => ({ idx: Number(tag.split('_')[0]), tag }));
  writeFileSync(path.join(dir, '_journal.json'), JSON.stringify({ entries }));
  for (const [file, link] of Object.entries(snapshots))
    writeFileSync(path.join(dir, file), JSON.stringify({ version: '7', ...link, tables: {} }, null, 2));
  return dir;
}

test("the repository's snapshots form one chain: drizzle-kit generate finds no collision", () => {
  expect(snapshotChainBreaks(path.join(MIGRATIONS_DIR, 'meta'))).toEqual([]);
});

test('two snapshots written on the same parent are found, and relinking points each at the one before it', () => {
  const dir = metaWith(['0000_init', '0003_a', '0005_b', '0006_c'], {
    '0000_snapshot.json': { id: 'a0', prevId: ROOT },
    '0003_snapshot.json': { id: 'a3', prevId: 'a0' },
    '0005_snapshot.json': { id: 'a5', prevId: 'a0' },
    '0007_snapshot.json': { id: 'a7', prevId: 'a5' },
  });
  expect(snapshotChainBreaks(dir)).toEqual([
    '0005_snapshot.json: prevId a0 should be a3 (the id of the snapshot before it)',
    '0007_snapshot.json: no migration of that number in meta/_journal.json',
  ]);
  expect(relinkSnapshots(dir)).toEqual(['0005_snapshot.json']);
  const relinked = JSON.parse(readFileSync(path.join(dir, '0005_snapshot.json'), 'utf8')) as Record<string, string>;
  expect([relinked.id, relinked.prevId, relinked.version]).toEqual(['a5', 'a3', '7']);
  expect(snapshotChainBreaks(dir)).toEqual(['0007_snapshot.json: no migration of that number in meta/_journal.json']);
});

test('a repeated id is a break even where the prevIds line up', () => {
  const dir = metaWith(['0000_init', '0001_a'], {
    '0000_snapshot.json': { id: 'same', prevId: ROOT },
    '0001_snapshot.json': { id: 'same', prevId: 'same' },
  });
  expect(snapshotChainBreaks(dir)).toEqual(["0001_snapshot.json: id same is also 0000_snapshot.json's"]);
});
