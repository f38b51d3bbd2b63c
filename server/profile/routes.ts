// /api/profile: the signed-in user's own account, password and sessions (profile.ts). Every signed-in user has
// it, whatever the role's permissions.
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { App } from '../http/typed';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { PROFILE_MSG } from '../../domain/accounts';
import { requireAuth } from '../accounts/auth';
import { idParams, noQuery, nullable, responses } from '../http/schemas';
import { changePassword, endOtherSessions, endSession, listSessions, readProfile, updateProfile } from './profile';
import { throttleRuleOf } from '../accounts/throttle';
import { PROFILE, SESSIONS, SESSIONS_ENDED } from '../../domain/answers';

const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

// the texts' rules and Russian messages are the shared yup schemas'; these keep out what is no form at all
const profileBody = Type.Object({ name: text(200), phone: Type.Optional(nullable(Type.String({ maxLength: 30 }))) });
const passwordBody = Type.Object({ currentPsswrd: text(1000), psswrd: text(1000), confirmPsswrd: text(1000) });
/** Ending sessions takes no values: an empty object, or no body at all (read as {} before it is checked). */
const emptyBody = Type.Object({});
const noBodyIsEmpty = async (request: FastifyRequest) => {
  request.body ??= {};
};

export default async function profileRoutes(app: App, opts: { db: Database; config: Config }) {
  const { db, config } = opts;
  const guard = { db, rule: throttleRuleOf(config), gate: app.hashingGate, scryptN: config.scryptN };
  const tags = ['profile'];

  app.get(
    '/profile',
    {
      schema: {
        tags,
        summary: "The caller's own data and which of it they may change",
        querystring: noQuery,
        response: responses({ 200: PROFILE }),
      },
    },
    async (request) => readProfile(db, requireAuth(request)),
  );

  app.patch(
    '/profile',
    {
      schema: {
        tags,
        summary: "Change one's name (and an employee's phone, where the role sees it)",
        querystring: noQuery,
        body: profileBody,
        response: responses({ 200: PROFILE }),
      },
    },
    async (request) => updateProfile(db, requireAuth(request), request.body ?? {}),
  );

  app.post(
    '/profile/password',
    {
      schema: {
        tags,
        summary:
          "Change one's password (the current one checked and throttled like a sign-in); ends every other session",
        querystring: noQuery,
        body: passwordBody,
        response: responses({ 200: SESSIONS_ENDED }),
      },
    },
    async (request) => {
      const ended = await changePassword(guard, requireAuth(request), request.body ?? {}, request.ip);
      return { status: 'success', message: PROFILE_MSG.passwordChanged, ended };
    },
  );

  app.get(
    '/profile/sessions',
    {
      schema: {
        tags,
        summary: "The caller's live sessions, the current one marked",
        querystring: noQuery,
        response: responses({ 200: SESSIONS }),
      },
    },
    async (request) => listSessions(db, requireAuth(request)),
  );

  app.post(
    '/profile/sessions/end-others',
    {
      preValidation: noBodyIsEmpty,
      schema: {
        tags,
        summary: 'End every session of the caller but this one',
        querystring: noQuery,
        body: emptyBody,
        response: responses({ 200: SESSIONS_ENDED }),
      },
    },
    async (request) => {
      const ended = await endOtherSessions(db, requireAuth(request));
      return { status: 'success', message: PROFILE_MSG.othersEnded(ended), ended };
    },
  );

  app.delete(
    '/profile/sessions/:id',
    {
      preValidation: noBodyIsEmpty,
      schema: {
        tags,
        summary: 'End one other session of the caller',
        params: idParams,
        querystring: noQuery,
        body: emptyBody,
        response: responses({ 200: SESSIONS_ENDED }),
      },
    },
    async (request) => {
      await endSession(db, requireAuth(request), request.params.id);
      return { status: 'success', message: PROFILE_MSG.sessionEnded, ended: 1 };
    },
  );
}
