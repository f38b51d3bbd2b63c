// Checking a password someone types, the way sign-in does it (throttle.ts): an address that failed too often is
// refused, a login guessed at from many places is answered late, the scrypt check takes its turn at the hashing
// gate (an unknown or closed account costs the same as a real one), a failure is counted and a success forgets
// this address's failures. Sign-in and the profile's change of password share it, under the same login key:
// it is the same secret, so guesses through either count together.
import type { Database } from '../db/client';
import { tooManyRequests } from '../errors';
import type { HashingGate } from './hashingGate';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { assess, clearFailures, recordFailure, type ThrottleRule } from './throttle';
import type { UserRow } from './users';

export interface PasswordGuard {
  db: Database;
  rule: ThrottleRule;
  gate: HashingGate;
  scryptN: number;
}

/** True when `password` is the password of `user` (an active account with one); throws 429 with `refusal`. */
export async function checkPassword(
  guard: PasswordGuard,
  login: string,
  address: string,
  password: string,
  user: UserRow | undefined,
  refusal: (minutes: number) => string,
): Promise<boolean> {
  const { db, rule, gate, scryptN } = guard;
  const verdict = await assess(db, login, address, rule);
  if (verdict.refuseMinutes > 0) throw tooManyRequests(refusal(verdict.refuseMinutes));
  // a login guessed at from many places is answered slowly (a timer, no CPU) before its password is checked
  if (verdict.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, verdict.delayMs));
  const ok = await gate.run(() =>
    user && user.status === 'active' && user.password_hash && user.password_salt
      ? verifyPassword(password, { hash: user.password_hash, salt: user.password_salt })
      : verifyAgainstDummy(password, scryptN),
  );
  if (ok) await clearFailures(db, login, address);
  else await recordFailure(db, login, address);
  return ok;
}
