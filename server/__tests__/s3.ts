// A local S3-compatible server (s3rver, from npm) on a free port with one bucket, for the S3 file store's tests and
// the two-instance scenario. It signs nothing and checks S3RVER/S3RVER as its keys, like the real one checks its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Config } from '../config';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: object) => S3rverInstance;

export interface LocalS3 {
  config: S3Config;
  /** S3_URL and friends, as a server process reads them. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'nutdesk-files'): Promise<LocalS3> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- s3rver ships no types
  const S3rver = require('s3rver') as S3rverClass;
  const directory = mkdtempSync(path.join(tmpdir(), 'nutdesk-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const config: S3Config = {
    url: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    config,
    env: {
      S3_URL: config.url,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
