// The list routes' schemas: the query strings come from the list query codec (domain/listQuery.ts), built from
// the section's filter definitions, so Fastify refuses a bad value or an unknown key before the handler with the
// list's own Russian messages and /api/docs lists every key; here the bodies and answers.
import { DELETE_MSG } from '../../domain/lists';
import { ID, pagination, responses } from '../http/schemas';
import type { ErrorTexts } from '../http/validation';

export const listResponse = responses({
  200: { type: 'object', properties: { data: { type: 'array', items: { type: 'object', additionalProperties: true } }, pagination } },
});

export const deleteBody = {
  type: 'object',
  required: ['ids'],
  properties: { ids: { type: 'array', minItems: 1, maxItems: 1000, items: ID } },
} as const;

export const deleteTexts: ErrorTexts = {
  fields: { '': DELETE_MSG.noIds, ids: { default: DELETE_MSG.noIds, maxItems: DELETE_MSG.tooMany } },
};

export const deleteResponse = responses({
  200: {
    type: 'object',
    properties: {
      status: { type: 'string' }, deleted: { type: 'integer' }, notDeleted: { type: 'integer' }, warning: { type: 'string' },
      reasons: {
        type: 'object', description: 'why the records not deleted stayed, per distinct id',
        properties: { kept: { type: 'integer' }, forbidden: { type: 'integer' }, deleted: { type: 'integer' }, missing: { type: 'integer' } },
      },
      message: { type: 'string', description: 'why none was deleted, in Russian' },
    },
  },
});

export const filterConfigResponse = responses({ 200: { type: 'object', additionalProperties: true } });
