// Removes the run's starting databases (./globalSetup.ts).
import { rmSync } from 'node:fs';
import { dropTestImages, TEST_IMAGES_ENV } from './testApp';

export default async function globalTeardown(): Promise<void> {
  const dir = process.env[TEST_IMAGES_ENV];
  if (!dir) return;
  await dropTestImages(dir);
  rmSync(dir, { recursive: true, force: true });
}
