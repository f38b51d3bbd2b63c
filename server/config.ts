// Configuration from environment variables, with the defaults the README lists.
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Embedded database, uploaded files and the mail outbox live here. */
  dataDir: string;
  /** Unset: PGlite in dataDir/pglite. Set: a PostgreSQL server through a pg pool. */
  databaseUrl?: string;
  sessionTtlHours: number;
  /** Failed sign-ins of one login from one address within the window before that address is refused for it. */
  loginMaxFailures: number;
  /** Failed sign-ins from one address, over all logins, within the window before it is refused altogether. */
  loginMaxFailuresPerAddress: number;
  loginWindowMinutes: number;
  /** First delay of a sign-in to a login that failed loginMaxFailures times from anywhere; doubles per failure. */
  loginDelayMs: number;
  /** Password checks (scrypt) running at once, and how many more may wait. */
  hashingConcurrency: number;
  hashingQueue: number;
  /** The longest a client may take to send one request, headers and body: a body trickled a byte at a time (or
   * never finished) no longer holds a connection for ever. Its headers must arrive within a quarter of it. */
  requestTimeoutMs: number;
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (Fastify's trustProxy). */
  trustProxy: boolean | string;
  smtpUrl?: string;
  /** Where users reach the app: the links in invitation and recovery mail start with it. */
  publicUrl: string;
  /** PUBLIC_URL was given: a buyer's link starts with it; else with the address the request came to. */
  publicUrlSet?: boolean;
  /** How long an invitation link stays valid. */
  inviteTtlHours: number;
  /** How long a password-reset link stays valid. */
  resetTtlMinutes: number;
  logLevel: string;
  /** scrypt cost; OWASP's 2^17 unless a test lowers it for speed. */
  scryptN: number;
  /** Where the built SPA is served from. */
  distDir: string;
  /** At shutdown, how long requests in flight may take to finish before their connections are cut. */
  shutdownTimeoutSeconds: number;
  /** At shutdown, how long the instance keeps listening while it answers every request 503 (not done: the proxy
   * tries the next instance, even a write) before it closes its listener. */
  shutdownDrainMs: number;
  /** How often the lot documents' expiry notices run (also once at start). */
  documentNoticesEveryMs: number;
  /** Heavy answers (list exports, the price list's and quotes' files, analytics XLSX) built or streamed at once on this
   * instance, and for one user (server/http/heavyGate.ts). */
  exportsPerInstance: number;
  exportsPerUser: number;
  /** Live event streams open at once for one user (its tabs), and on this instance. */
  liveStreamsPerUser: number;
  liveStreamsPerInstance: number;
  /** Public reads (a buyer's link) per client address and minute, on this instance. */
  publicRequestsPerMinute: number;
  /** How long a price list built for a buyer's link serves that link's reads (server/priceList/publicCache.ts). */
  publicCacheSeconds: number;
  /** A download whose reader has taken nothing for this long is ended (its database connection freed). */
  exportStallMs: number;
  /** The longest a request waits for a free connection of the PostgreSQL pool before it fails. */
  dbConnectTimeoutMs: number;
  /** Where new uploads go (server/files/stores.ts): 's3' when S3_URL is set, else 'database' on a PostgreSQL
   * server, else 'disk' (DATA_DIR/files). FILE_STORE names one explicitly. Files already stored stay readable
   * wherever their row says they are. */
  fileStore: FileStoreKind;
  /** S3-compatible object storage (S3_URL, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION). */
  s3?: S3Config;
  /** The Central Bank's daily rates feed (CBR_RATES_URL; the Bank's XML_daily.asp by default). */
  cbrRatesUrl: string;
  /** How often the rates job asks the feed until the next business day's rates appear (CBR_RATES_EVERY_MINUTES). */
  cbrRatesEveryMs: number;
}

/** The Bank's own address of the day's rates. */
export const CBR_DAILY_URL = 'https://www.cbr.ru/scripts/XML_daily.asp';

export type FileStoreKind = 'disk' | 'database' | 's3';
export const FILE_STORE_KINDS: readonly FileStoreKind[] = ['disk', 'database', 's3'];

export interface S3Config {
  url: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

function s3Of(env: NodeJS.ProcessEnv): S3Config | undefined {
  if (!env.S3_URL) return undefined;
  if (!env.S3_BUCKET) throw new Error('S3_URL is set: S3_BUCKET must name the bucket');
  return {
    url: env.S3_URL,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
  };
}

function fileStoreOf(env: NodeJS.ProcessEnv, s3: S3Config | undefined): FileStoreKind {
  const named = env.FILE_STORE;
  if (named) {
    if (!FILE_STORE_KINDS.includes(named as FileStoreKind))
      throw new Error(`FILE_STORE must be disk, database or s3, got "${named}"`);
    if (named === 's3' && !s3) throw new Error('FILE_STORE=s3 needs S3_URL and S3_BUCKET');
    if (named === 'database' && !env.DATABASE_URL)
      throw new Error('FILE_STORE=database needs DATABASE_URL (the embedded database keeps files in DATA_DIR)');
    return named as FileStoreKind;
  }
  return s3 ? 's3' : env.DATABASE_URL ? 'database' : 'disk';
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 3000, 'PORT');
  const s3 = s3Of(env);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    sessionTtlHours: int(env.SESSION_TTL_HOURS, 12, 'SESSION_TTL_HOURS'),
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5, 'LOGIN_MAX_FAILURES'),
    loginMaxFailuresPerAddress: int(env.LOGIN_MAX_FAILURES_PER_ADDRESS, 30, 'LOGIN_MAX_FAILURES_PER_ADDRESS'),
    loginWindowMinutes: int(env.LOGIN_WINDOW_MINUTES, 15, 'LOGIN_WINDOW_MINUTES'),
    loginDelayMs: int(env.LOGIN_DELAY_MS, 500, 'LOGIN_DELAY_MS'),
    hashingConcurrency: int(env.PASSWORD_HASHING_CONCURRENCY, 2, 'PASSWORD_HASHING_CONCURRENCY'),
    hashingQueue: int(env.PASSWORD_HASHING_QUEUE, 32, 'PASSWORD_HASHING_QUEUE'),
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_SECONDS, 120, 'REQUEST_TIMEOUT_SECONDS') * 1000,
    // 'true' trusts every proxy; otherwise a list of addresses or networks of the trusted proxies
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    publicUrlSet: Boolean(env.PUBLIC_URL),
    inviteTtlHours: int(env.INVITE_TTL_HOURS, 72, 'INVITE_TTL_HOURS'),
    resetTtlMinutes: int(env.RESET_TTL_MINUTES, 60, 'RESET_TTL_MINUTES'),
    logLevel: env.LOG_LEVEL || 'info',
    scryptN: int(env.SCRYPT_N, 2 ** 17, 'SCRYPT_N'),
    distDir: path.resolve(__dirname, '..', 'dist'),
    shutdownTimeoutSeconds: int(env.SHUTDOWN_TIMEOUT_SECONDS, 25, 'SHUTDOWN_TIMEOUT_SECONDS'),
    // behind a proxy the drain lets it learn, from a 503, that this instance is going; alone there is no one to learn
    shutdownDrainMs:
      (env.SHUTDOWN_DRAIN_SECONDS === '0'
        ? 0
        : int(env.SHUTDOWN_DRAIN_SECONDS, env.TRUST_PROXY ? 2 : 0, 'SHUTDOWN_DRAIN_SECONDS')) * 1000,
    documentNoticesEveryMs: int(env.DOCUMENT_NOTICES_EVERY_SECONDS, 300, 'DOCUMENT_NOTICES_EVERY_SECONDS') * 1000,
    exportsPerInstance: int(env.EXPORT_MAX_PER_INSTANCE, 4, 'EXPORT_MAX_PER_INSTANCE'),
    exportsPerUser: int(env.EXPORT_MAX_PER_USER, 2, 'EXPORT_MAX_PER_USER'),
    liveStreamsPerUser: int(env.LIVE_STREAMS_PER_USER, 10, 'LIVE_STREAMS_PER_USER'),
    liveStreamsPerInstance: int(env.LIVE_STREAMS_PER_INSTANCE, 2000, 'LIVE_STREAMS_PER_INSTANCE'),
    publicRequestsPerMinute: int(env.PUBLIC_REQUESTS_PER_MINUTE, 120, 'PUBLIC_REQUESTS_PER_MINUTE'),
    publicCacheSeconds: env.PUBLIC_CACHE_SECONDS === '0' ? 0 : int(env.PUBLIC_CACHE_SECONDS, 5, 'PUBLIC_CACHE_SECONDS'),
    exportStallMs: int(env.EXPORT_STALL_SECONDS, 60, 'EXPORT_STALL_SECONDS') * 1000,
    dbConnectTimeoutMs: int(env.DB_CONNECT_TIMEOUT_SECONDS, 10, 'DB_CONNECT_TIMEOUT_SECONDS') * 1000,
    fileStore: fileStoreOf(env, s3),
    s3,
    cbrRatesUrl: env.CBR_RATES_URL || CBR_DAILY_URL,
    cbrRatesEveryMs: int(env.CBR_RATES_EVERY_MINUTES, 30, 'CBR_RATES_EVERY_MINUTES') * 60_000,
  };
}
