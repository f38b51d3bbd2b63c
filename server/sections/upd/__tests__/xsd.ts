// Every УПД the code makes is checked against the tax service's schema of format 5.03 with xmllint (Debian's
// libxml2-utils): the bytes as served, in a file named by its ИдФайл as the format demands.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const UPD_XSD = join(__dirname, 'xsd', 'ON_NSCHFDOPPR_1_997_01_05_03_05.xsd');

/** xmllint's complaints about the file; an empty list when the schema holds. */
export function updSchemaErrors(bytes: Uint8Array, fileId: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'upd-'));
  const file = join(dir, `${fileId}.xml`);
  try {
    writeFileSync(file, bytes);
    execFileSync('xmllint', ['--noout', '--schema', UPD_XSD, file], { stdio: 'pipe' });
    return [];
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? error);
    return stderr.split('\n').filter((l) => l && !l.endsWith('fails to validate'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
