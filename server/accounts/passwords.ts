// Password hashing with node:crypto scrypt (OWASP: N=2^17, r=8, p=1), a per-user random salt and a
// constant-time comparison. The cost is stored with the hash so it can be raised later without a reset.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const DEFAULT_SCRYPT_N = 2 ** 17;
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const params = (N: number): ScryptOptions => ({ N, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });

export interface PasswordHash {
  /** `scrypt$N$<base64 key>` */
  hash: string;
  /** base64 */
  salt: string;
}

export async function hashPassword(password: string, N: number = DEFAULT_SCRYPT_N): Promise<PasswordHash> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params(N));
  return { hash: `scrypt$${N}$${key.toString('base64')}`, salt: salt.toString('base64') };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const [scheme, n, keyB64] = stored.hash.split('$');
  if (scheme !== 'scrypt' || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(password, Buffer.from(stored.salt, 'base64'), params(Number(n)));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummy: Promise<PasswordHash> | undefined;
/** Runs one full-cost verification for a login that has no account, so timing does not reveal which exist. */
export async function verifyAgainstDummy(password: string, N: number): Promise<false> {
  dummy ??= hashPassword('nutdesk-dummy-password', N);
  await verifyPassword(password, await dummy);
  return false;
}
