// Sign-in and sign-out, at the root as DESIGN.md decides (GET /login is the SPA page, POST /login the call).
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { loginSchema } from '../../domain/schemas/auth';
import { MSG } from '../../domain/messages';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { badRequest } from '../errors';
import { checkPassword } from './passwordCheck';
import { clientOf, createSession, revokeSession } from './sessions';
import { clientAddress, throttleRuleOf } from './throttle';
import { normaliseLogin } from './users';
import { noQuery, responses, success } from '../http/schemas';

// No 'required' here: the login form's own messages ('Введите email', …) come from its yup schema.
const loginBody = {
  type: 'object',
  properties: { login: { type: 'string', maxLength: 320 }, psswd: { type: 'string', maxLength: 1000 } },
} as const;

export default async function authRoutes(app: FastifyInstance, opts: { db: Database; config: Config }) {
  const { db, config } = opts;
  const guard = { db, rule: throttleRuleOf(config), gate: app.hashingGate, scryptN: config.scryptN };

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an e-mail and a password',
        querystring: noQuery,
        body: loginBody,
        response: responses({ 200: { type: 'object', properties: { token: { type: 'string' } } } }),
      },
    },
    async (request) => {
      const body = await loginSchema.validate(request.body ?? {}, { abortEarly: false });
      const login = normaliseLogin(body.login);
      const [user] = await db.select().from(users).where(eq(users.email, login));
      const ok = await checkPassword(guard, login, clientAddress(request.ip), body.psswd, user, MSG.tooManyAttempts);
      if (!ok || !user) throw badRequest(MSG.wrongCredentials);
      return { token: await createSession(db, user.id, config.sessionTtlHours, clientOf(request)) };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the bearer token (no body)',
        querystring: noQuery,
        response: responses({ 200: success }),
      },
    },
    async (request) => {
      // Logging out twice, or with a dead token, is still a logout: the answer is the same.
      if (request.bearer) await revokeSession(db, request.bearer);
      return { status: 'success' };
    },
  );
}
