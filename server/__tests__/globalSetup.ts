// Once per jest run, before the server files: the starting databases every file copies (./testApp.ts). On PGlite
// data folders, on PostgreSQL (DATABASE_URL) template databases on that server.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestImages, TEST_IMAGES_ENV } from './testApp';

export default async function globalSetup(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'nutdesk-test-db-'));
  await buildTestImages(dir);
  // the workers start after this and inherit it
  process.env[TEST_IMAGES_ENV] = dir;
}
