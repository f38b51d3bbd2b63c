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
  loginMaxFailures: number;
  loginWindowMinutes: number;
  smtpUrl?: string;
  logLevel: string;
  /** scrypt cost; OWASP's 2^17 unless a test lowers it for speed. */
  scryptN: number;
  /** Where the built SPA is served from. */
  distDir: string;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    sessionTtlHours: int(env.SESSION_TTL_HOURS, 12, 'SESSION_TTL_HOURS'),
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5, 'LOGIN_MAX_FAILURES'),
    loginWindowMinutes: int(env.LOGIN_WINDOW_MINUTES, 15, 'LOGIN_WINDOW_MINUTES'),
    smtpUrl: env.SMTP_URL || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    scryptN: int(env.SCRYPT_N, 2 ** 17, 'SCRYPT_N'),
    distDir: path.resolve(__dirname, '..', 'dist'),
  };
}
