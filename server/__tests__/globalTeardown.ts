// Removes the run's starting databases (./globalSetup.ts).
import { rmSync } from 'node:fs';
import { TEST_IMAGES_ENV } from './testApp';

export default async function globalTeardown(): Promise<void> {
  const dir = process.env[TEST_IMAGES_ENV];
  if (dir) rmSync(dir, { recursive: true, force: true });
}
