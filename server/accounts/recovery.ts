// Password recovery → reset, at the root as DESIGN.md decides. POST /recover-password answers the same at once
// whether or not the address has an account: looking the account up, issuing the link and mailing it run after
// the answer, so neither its text nor its timing tells who has an account. Requests are counted like failed sign-ins
// (per address and e-mail, and per address over everything it tried) and refused beyond the same limits.
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { eq } from 'drizzle-orm';
import { ACCOUNT_MSG, newPasswordSchema, recoverySchema } from '../../domain/accounts';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { tooManyRequests } from '../errors';
import { noQuery, responses } from '../http/schemas';
import { appLink, type Mailer } from './mail';
import { issueToken, setPasswordByToken } from './oneTimeTokens';
import { clientOf, createSession } from './sessions';
import { assess, clientAddress, recordFailure, throttleRuleOf } from './throttle';
import { normaliseLogin } from './users';

// The form's messages come from the shared yup schemas, so the JSON schemas only bound the sizes.
const recoverBody = { type: 'object', properties: { email: { type: 'string', maxLength: 320 } } } as const;
const resetBody = {
  type: 'object',
  properties: { token: { type: 'string', maxLength: 200 }, psswrd: { type: 'string', maxLength: 1000 } },
} as const;
const statusAnswer = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    success: { type: 'boolean' },
    message: { type: 'string' },
    token: { type: 'string' },
  },
} as const;

const resetSchema = yup.object({ token: yup.string().default(''), psswrd: newPasswordSchema });

/** Throttle key of recovery requests, apart from sign-in logins (an e-mail cannot start with it). */
const recoveryKey = (email: string) => `recover:${email}`;

async function mailResetLink(db: Database, config: Config, mailer: Mailer, email: string): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  // only an account that can sign in gets a link: an invited one sets its password through its invitation
  if (!user || user.status !== 'active') return;
  const token = await issueToken(db, user.id, 'reset', config.resetTtlMinutes * 60_000);
  const link = appLink(config, '/reset-password', { token });
  await mailer.send({
    to: user.email,
    subject: 'Восстановление пароля NutDesk',
    link,
    text: [
      'Здравствуйте!',
      '',
      `Для учётной записи ${user.email} в NutDesk запрошено восстановление пароля.`,
      'Чтобы задать новый пароль, откройте ссылку:',
      link,
      '',
      `Ссылка действует ${config.resetTtlMinutes} мин. и открывается один раз.`,
      'Если вы не запрашивали восстановление пароля, просто удалите это письмо: пароль останется прежним.',
    ].join('\n'),
  });
}

export default async function recoveryRoutes(app: FastifyInstance, opts: { db: Database; config: Config }) {
  const { db, config } = opts;
  const rule = throttleRuleOf(config);

  app.post(
    '/recover-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password-reset link (the same answer for any address)',
        querystring: noQuery,
        body: recoverBody,
        response: responses({ 200: statusAnswer }),
      },
    },
    async (request) => {
      const { email } = await recoverySchema.validate(request.body ?? {}, { abortEarly: false });
      const login = normaliseLogin(email);
      const address = clientAddress(request.ip);
      const verdict = await assess(db, recoveryKey(login), address, rule);
      if (verdict.refuseMinutes > 0) throw tooManyRequests(ACCOUNT_MSG.tooManyRecoveries(verdict.refuseMinutes));
      await recordFailure(db, recoveryKey(login), address);
      app.mailer.later(() => mailResetLink(db, config, app.mailer, login));
      return { status: 'success', message: ACCOUNT_MSG.recoverySent };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the link from the recovery mail; ends every other session',
        querystring: noQuery,
        body: resetBody,
        response: responses({ 200: statusAnswer }),
      },
    },
    async (request) => {
      const { token, psswrd } = await resetSchema.validate(request.body ?? {}, { abortEarly: false });
      const guard = { gate: app.hashingGate, address: clientAddress(request.ip), rule };
      const userId = await setPasswordByToken(db, config, guard, token, psswrd, 'reset');
      // the person who reset the password is signed in; every earlier session has ended
      return {
        status: 'success',
        success: true,
        message: ACCOUNT_MSG.resetDone,
        token: await createSession(db, userId, config.sessionTtlHours, clientOf(request)),
      };
    },
  );
}
