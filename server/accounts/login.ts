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
import { clearFailures, lockedForMinutes, recordFailure } from './throttle';
import { normaliseLogin } from './users';
import { noQuery, responses, success } from '../http/schemas';

// No 'required' here: the login form's own messages ('Введите email', …) come from its yup schema.
const loginBody = { type: 'object', properties: { login: { type: 'string', maxLength: 320 }, psswd: { type: 'string', maxLength: 1000 } } } as const;

export default async function authRoutes(app: FastifyInstance, opts: { db: Database; config: Config }) {
  const { db, config } = opts;
  const rule = { maxFailures: config.loginMaxFailures, windowMinutes: config.loginWindowMinutes };

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

    const minutes = await lockedForMinutes(db, login, rule);
    if (minutes > 0) throw tooManyRequests(MSG.tooManyAttempts(minutes));

    const [user] = await db.select().from(users).where(eq(users.email, login));
    const ok = user && user.status === 'active' && user.password_hash && user.password_salt
      ? await verifyPassword(body.psswd, { hash: user.password_hash, salt: user.password_salt })
      : await verifyAgainstDummy(body.psswd, config.scryptN);
    if (!ok || !user) {
      await recordFailure(db, login);
      throw badRequest(MSG.wrongCredentials);
    }
    await clearFailures(db, login);
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
