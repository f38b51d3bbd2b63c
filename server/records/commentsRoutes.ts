// GET/POST /api/{section}/{id}/comments for every section of the registry. Reading needs the record to be
// visible to the caller; writing needs the right to update it (what the card's canAddComment reflects).
import type { App } from '../http/typed';
import type { Database } from '../db/client';
import { requireAuth } from '../accounts/auth';
import { forbidden, notFound } from '../errors';
import { SECTIONS, type Section } from '../../domain/sections';
import type { SectionSpec } from '../contract/section';
import { recordVisible } from './access';
import { addComment, listComments } from './comments';
import { hideCommentAuthors } from '../contract/visible';
import { idParams, noQuery } from '../http/schemas';
import { commentBody, commentErrors, commentResponse, commentsResponse } from './commentSchemas';

export default async function commentsRoutes(app: App, opts: { db: Database; specs: Record<Section, SectionSpec> }) {
  const { db, specs } = opts;
  for (const section of SECTIONS) {
    const spec = specs[section];
    const path = `/${section}/:id/comments`;

    app.get(
      path,
      {
        schema: {
          tags: ['comments'],
          summary: `${section}: a record's comments, oldest first`,
          params: idParams,
          querystring: noQuery,
          response: commentsResponse,
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const { id } = request.params;
        if (!(await recordVisible(db, spec, auth, id))) throw notFound();
        return hideCommentAuthors(await listComments(db, section, id), auth.permissions, section);
      },
    );

    app.post(
      path,
      {
        schema: {
          tags: ['comments'],
          summary: `${section}: add a comment`,
          params: idParams,
          querystring: noQuery,
          body: commentBody,
          response: commentResponse,
        },
        schemaErrorFormatter: commentErrors,
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const { id } = request.params;
        if (!(await recordVisible(db, spec, auth, id))) throw notFound();
        if (!(await recordVisible(db, spec, auth, id, 'update'))) throw forbidden();
        const comment = await addComment(db, auth, section, id, request.body.text);
        reply.status(201);
        return comment;
      },
    );
  }
}
