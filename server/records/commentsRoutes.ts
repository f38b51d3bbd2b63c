// GET/POST /api/{section}/{id}/comments for every section of the registry. Reading needs the record to be
// visible to the caller; writing needs the right to update it (what the card's canAddComment reflects).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { requireAuth } from '../http/auth';
import { forbidden, notFound } from '../errors';
import { SECTIONS, type Section } from '../../domain/sections';
import type { SectionSpec } from '../spec/section';
import { recordVisible } from './access';
import { addComment, listComments } from './comments';
import { hideCommentAuthors } from '../lists/engine';
import { comment, idParams, noQuery, responses } from '../http/schemas';
import { russianErrors } from '../http/validation';
import { COMMENT_MAX, COMMENT_MSG } from './comments';
import { COMMENTS } from '../../domain/responseShapes';

// the length is checked again after trimming (addComment); this bound keeps a 100 000-character text out
export const commentBody = { type: 'object', required: ['text'], properties: { text: { type: 'string', maxLength: COMMENT_MAX + 100 } } } as const;
export const commentErrors = russianErrors({ fields: { '': COMMENT_MSG.empty, text: { default: COMMENT_MSG.empty, maxLength: COMMENT_MSG.tooLong } } });
export const commentsResponse = responses({ 200: COMMENTS });
export const commentResponse = responses({ 201: comment });

export default async function commentsRoutes(app: FastifyInstance, opts: { db: Database; specs: Record<Section, SectionSpec> }) {
  const { db, specs } = opts;
  for (const section of SECTIONS) {
    const spec = specs[section];
    const path = `/${section}/:id/comments`;
    const idOf = (params: unknown) => Number((params as { id: string }).id);

    app.get(path, {
      schema: {
        tags: ['comments'], summary: `${section}: a record's comments, oldest first`, params: idParams, querystring: noQuery,
        response: commentsResponse,
      },
    }, async (request) => {
      const auth = requireAuth(request);
      const id = idOf(request.params);
      if (!(await recordVisible(db, spec, auth, id))) throw notFound();
      return hideCommentAuthors(await listComments(db, section, id), auth.permissions, section);
    });

    app.post(path, {
      schema: {
        tags: ['comments'], summary: `${section}: add a comment`, params: idParams, querystring: noQuery, body: commentBody,
        response: commentResponse,
      },
      schemaErrorFormatter: commentErrors,
    }, async (request, reply) => {
      const auth = requireAuth(request);
      const id = idOf(request.params);
      if (!(await recordVisible(db, spec, auth, id))) throw notFound();
      if (!(await recordVisible(db, spec, auth, id, 'update'))) throw forbidden();
      const comment = await addComment(db, auth, section, id, (request.body as { text?: unknown } | null)?.text);
      reply.status(201);
      return comment;
    });
  }
}
