// The comments routes' schemas and Russian messages, shared by the sections' comments (commentsRoutes.ts) and a
// quote's (server/quotes/index.ts): a route file imports no other route file.
import { Type } from '@sinclair/typebox';
import { comment, responses } from '../http/schemas';
import { russianErrors } from '../http/validation';
import { COMMENT_MAX, COMMENT_MSG } from './comments';
import { COMMENTS } from '../../domain/answers';

// the length is checked again after trimming (addComment); this bound keeps a 100 000-character text out
export const commentBody = Type.Object({ text: Type.String({ maxLength: COMMENT_MAX + 100 }) });
export const commentErrors = russianErrors({
  fields: { '': COMMENT_MSG.empty, text: { default: COMMENT_MSG.empty, maxLength: COMMENT_MSG.tooLong } },
});
export const commentsResponse = responses({ 200: COMMENTS });
export const commentResponse = responses({ 201: comment });
