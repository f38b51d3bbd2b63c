// Sign-in and sign-out, at the root as DESIGN.md decides (GET /login is the SPA page, POST /login the call).
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { loginSchema } from '../../domain/schemas/auth';
import { MSG } from '../../domain/messages';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { badRequest, tooManyRequests } from '../errors';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { createSession, revokeSession } from './sessions';
import { assess, clearFailures, clientAddress, recordFailure, type ThrottleRule } from './throttle';
import { HashingGate } from './hashingGate';
import { normaliseLogin } from './users';
import { noQuery, responses, success } from '../http/schemas';

// No 'required' here: the login form's own messages ('Введите email', …) come from its yup schema.
const loginBody = { type: 'object', properties: { login: { type: 'string', maxLength: 320 }, psswd: { type: 'string', maxLength: 1000 } } } as const;

export default async function authRoutes(app: FastifyInstance, opts: { db: Database; config: Config }) {
  const { db, config } = opts;
  const rule: ThrottleRule = {
    maxFailures: config.loginMaxFailures,
    maxAddressFailures: config.loginMaxFailuresPerAddress,
    windowMinutes: config.loginWindowMinutes,
    delayMs: config.loginDelayMs,
  };
  const gate = new HashingGate(config.hashingConcurrency, config.hashingQueue);

  app.post('/login', {
    schema: {
      tags: ['auth'],
      summary: 'Sign in with an e-mail and a password',
      querystring: noQuery,
      body: loginBody,
      response: responses({ 200: { type: 'object', properties: { token: { type: 'string' } } } }),
    },
  }, async (request) => {
    const body = await loginSchema.validate(request.body ?? {}, { abortEarly: false });
    const login = normaliseLogin(body.login);
    const address = clientAddress(request.ip);

    const verdict = await assess(db, login, address, rule);
    if (verdict.refuseMinutes > 0) throw tooManyRequests(MSG.tooManyAttempts(verdict.refuseMinutes));
    // a login guessed at from many places is answered slowly (a timer, no CPU) before its password is checked
    if (verdict.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, verdict.delayMs));

    const [user] = await db.select().from(users).where(eq(users.email, login));
    // an unknown login costs the same scrypt as a known one, through the same gate
    const ok = await gate.run(() => (user && user.status === 'active' && user.password_hash && user.password_salt
      ? verifyPassword(body.psswd, { hash: user.password_hash, salt: user.password_salt })
      : verifyAgainstDummy(body.psswd, config.scryptN)));
    if (!ok || !user) {
      await recordFailure(db, login, address);
      throw badRequest(MSG.wrongCredentials);
    }
    await clearFailures(db, login, address);
    return { token: await createSession(db, user.id, config.sessionTtlHours) };
  });

  app.post('/logout', {
    schema: { tags: ['auth'], summary: 'Revoke the bearer token (no body)', querystring: noQuery, response: responses({ 200: success }) },
  }, async (request) => {
    // Logging out twice, or with a dead token, is still a logout: the answer is the same.
    if (request.bearer) await revokeSession(db, request.bearer);
    return { status: 'success' };
  });
}
