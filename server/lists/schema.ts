// The list routes' schemas: the query strings come from the list query codec (domain/listQuery.ts), built from
// the section's filter definitions, so Fastify refuses a bad value or an unknown key before the handler with the
// list's own Russian messages and /api/docs lists every key; here the bodies and answers.
import { DELETE_MSG } from '../../domain/lists';
import { ID, responses } from '../http/schemas';
import { DELETE_RESULT, FILTER_CONFIG, LIST_PAGE } from '../../domain/responseShapes';
import type { ErrorTexts } from '../http/validation';

// the answers' shapes are the SPA's too (domain/responseShapes.ts): it checks each answer against them
export const listResponse = responses({ 200: LIST_PAGE });

export const deleteBody = {
  type: 'object',
  required: ['ids'],
  properties: { ids: { type: 'array', minItems: 1, maxItems: 1000, items: ID } },
} as const;

export const deleteTexts: ErrorTexts = {
  fields: { '': DELETE_MSG.noIds, ids: { default: DELETE_MSG.noIds, maxItems: DELETE_MSG.tooMany } },
};

export const deleteResponse = responses({ 200: DELETE_RESULT });

export const filterConfigResponse = responses({ 200: FILTER_CONFIG });
