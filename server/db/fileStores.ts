// Where the contents of uploads live. Three stores behind one interface, every one streaming both ways:
// - disk: DATA_DIR/files, one file per upload (the embedded PGlite default: one instance owns the data folder);
// - database: the file_chunks table, a file cut into 256 KiB rows written and read a chunk at a time (a PostgreSQL
//   server with no object storage: any number of instances share the files, and a backup of the database is a
//   backup of everything);
// - s3: S3-compatible object storage through the AWS SDK (lib-storage's multipart Upload up, GetObject's body down).
// New uploads go to the configured store (config.fileStore); a file's row names the store that holds it, so files
// stay readable wherever they are, also while `npm run files:move` moves them.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config, FileStoreKind, S3Config } from '../config';
import type { Database } from './client';
import { fileChunks } from './schema';

export interface StoredFile {
  body: Readable;
  size: number;
}

export interface FileStore {
  kind: FileStoreKind;
  /** Writes the stream under key (replacing what was there) and answers how many bytes it held. */
  put(key: string, body: Readable, mime: string): Promise<number>;
  /** The contents as a stream, or null when the store has nothing under key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes what is under key; nothing there is no error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export interface FileStores {
  /** Where new uploads go. */
  current: FileStore;
  /** The store of a file's row; s3 is there only when S3_URL is configured. */
  of(kind: string): FileStore;
  close(): Promise<void>;
}

/** A new storage key: 32 hex digits, never derived from a user's file name. */
export const newStorageKey = (): string => randomBytes(16).toString('hex');

const KEY = /^[0-9a-f]{32}$/;
function checkKey(key: string): void {
  // keys come from our own rows; refusing anything else keeps a path or an object name from ever being steered
  if (!KEY.test(key)) throw new Error(`bad storage key: ${key}`);
}

/** Counts the bytes that pass. */
function counter(): Transform & { bytes: number } {
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      t.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  t.bytes = 0;
  return t;
}

export function diskStore(dir: string): FileStore {
  const at = (key: string) => {
    checkKey(key);
    return path.join(dir, key);
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const target = at(key);
      await mkdir(dir, { recursive: true });
      // written under a temporary name and renamed: a reader never meets a half-written file
      const partial = `${target}.${randomBytes(4).toString('hex')}.part`;
      const count = counter();
      try {
        await pipeline(body, count, createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
        await unlink(partial).catch(() => undefined);
        throw error;
      }
      return count.bytes;
    },
    async get(key) {
      const file = at(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(file), size: info.size };
    },
    async delete(key) {
      await unlink(at(key)).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e;
      });
    },
    async exists(key) {
      return (await stat(at(key)).catch(() => null))?.isFile() ?? false;
    },
  };
}

export const CHUNK_BYTES = 256 * 1024;

/** Cuts a stream into chunks of exactly `size` bytes (the last one shorter), holding at most one chunk. */
async function* chunksOf(body: Readable, size: number): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let held = 0;
  for await (const piece of body) {
    let buf = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
    while (held + buf.length >= size) {
      const take = size - held;
      parts.push(buf.subarray(0, take));
      yield Buffer.concat(parts);
      parts = [];
      held = 0;
      buf = buf.subarray(take);
    }
    if (buf.length) {
      parts.push(buf);
      held += buf.length;
    }
  }
  if (held) yield Buffer.concat(parts);
}

export function databaseStore(db: Database): FileStore {
  return {
    kind: 'database',
    async put(key, body) {
      checkKey(key);
      // one transaction: a file is in the table whole or not at all (an upload cut off leaves no chunks)
      return db.transaction(async (tx) => {
        await tx.delete(fileChunks).where(eq(fileChunks.storage_key, key));
        let seq = 0;
        let bytes = 0;
        for await (const chunk of chunksOf(body, CHUNK_BYTES)) {
          await tx.insert(fileChunks).values({ storage_key: key, seq: seq++, data: chunk });
          bytes += chunk.length;
        }
        // an empty file is one empty chunk, so that it exists
        if (seq === 0) await tx.insert(fileChunks).values({ storage_key: key, seq: 0, data: Buffer.alloc(0) });
        return bytes;
      });
    },
    async get(key) {
      checkKey(key);
      const [info] = await db
        .select({
          chunks: sql<number>`count(*)::int`,
          size: sql<number>`coalesce(sum(length(${fileChunks.data})), 0)::int`,
        })
        .from(fileChunks)
        .where(eq(fileChunks.storage_key, key));
      if (!info || info.chunks === 0) return null;
      // read on demand, one chunk per read: a slow client holds one chunk in memory, not the file
      async function* read(): AsyncGenerator<Buffer> {
        for (let seq = 0; ; seq++) {
          const [row] = await db
            .select({ data: fileChunks.data })
            .from(fileChunks)
            .where(and(eq(fileChunks.storage_key, key), gte(fileChunks.seq, seq)))
            .orderBy(asc(fileChunks.seq))
            .limit(1);
          if (!row) return;
          if (row.data.length) yield row.data;
        }
      }
      return { body: Readable.from(read(), { objectMode: false }), size: info.size };
    },
    async delete(key) {
      checkKey(key);
      await db.delete(fileChunks).where(eq(fileChunks.storage_key, key));
    },
    async exists(key) {
      checkKey(key);
      const [row] = await db
        .select({ seq: fileChunks.seq })
        .from(fileChunks)
        .where(eq(fileChunks.storage_key, key))
        .limit(1);
      return !!row;
    },
  };
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

export async function s3Store(s3: S3Config): Promise<FileStore & { client: S3Client }> {
  const {
    S3Client: Client,
    GetObjectCommand,
    DeleteObjectCommand,
    HeadObjectCommand,
  } = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const client = new Client({
    endpoint: s3.url,
    region: s3.region,
    // path-style addressing (https://host/bucket/key) is what MinIO, s3rver and most S3-compatible servers take
    forcePathStyle: true,
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
  });
  const objectKey = (key: string) => {
    checkKey(key);
    return `files/${key}`;
  };
  return {
    kind: 's3',
    client,
    async put(key, body, mime) {
      const count = counter();
      const through = new PassThrough();
      const feeding = pipeline(body, count, through);
      // a multipart upload in parts of 5 MiB, two at a time: memory stays at a few parts whatever the file's size
      const upload = new Upload({
        client,
        params: { Bucket: s3.bucket, Key: objectKey(key), Body: through, ContentType: mime },
        queueSize: 2,
        partSize: 5 * 1024 * 1024,
      });
      await Promise.all([feeding, upload.done()]);
      return count.bytes;
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }));
        return { body: answer.Body as Readable, size: Number(answer.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}

export async function openFileStores(
  config: Pick<Config, 'dataDir' | 'fileStore' | 's3'>,
  db: Database,
): Promise<FileStores> {
  const disk = diskStore(path.join(config.dataDir, 'files'));
  const database = databaseStore(db);
  const s3 = config.s3 ? await s3Store(config.s3) : null;
  const of = (kind: string): FileStore => {
    if (kind === 'disk') return disk;
    if (kind === 'database') return database;
    if (kind === 's3' && s3) return s3;
    throw new Error(kind === 's3' ? 'files are in S3: set S3_URL and S3_BUCKET' : `unknown file store: ${kind}`);
  };
  return {
    current: of(config.fileStore),
    of,
    async close() {
      s3?.client.destroy();
    },
  };
}
