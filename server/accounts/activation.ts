// POST /activate-account: the invited person sets a password with the /invite link and is signed in.
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { setPasswordSchema } from '../../domain/accounts';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { noQuery, responses } from '../http/schemas';
import { setPasswordByToken } from './oneTimeTokens';
import { clientAddress, throttleRuleOf } from './throttle';
import { clientOf, createSession } from './sessions';

const activateBody = {
  type: 'object',
  properties: {
    token: { type: 'string', maxLength: 200 },
    psswrd: { type: 'string', maxLength: 1000 },
    confirmPsswrd: { type: 'string', maxLength: 1000 },
  },
} as const;

const activateSchema = setPasswordSchema.shape({ token: yup.string().default('') });

export default async function activationRoutes(app: FastifyInstance, opts: { db: Database; config: Config }) {
  const { db, config } = opts;
  app.post(
    '/activate-account',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set the first password with an invitation link; answers a sign-in token',
        querystring: noQuery,
        body: activateBody,
        response: responses({
          200: { type: 'object', properties: { status: { type: 'string' }, token: { type: 'string' } } },
        }),
      },
    },
    async (request) => {
      const { token, psswrd } = await activateSchema.validate(request.body ?? {}, { abortEarly: false });
      const guard = { gate: app.hashingGate, address: clientAddress(request.ip), rule: throttleRuleOf(config) };
      const userId = await setPasswordByToken(db, config, guard, token, psswrd, 'invite');
      return { status: 'success', token: await createSession(db, userId, config.sessionTtlHours, clientOf(request)) };
    },
  );
}
