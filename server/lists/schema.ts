// The list routes' schemas: the query strings come from the list query codec (domain/listQuery.ts), built from
// the section's filter definitions, so Fastify refuses a bad value or an unknown key before the handler with the
// list's own Russian messages and /api/docs lists every key; here the bodies and answers.
import { DELETE_MSG } from '../../domain/lists';
import { RESPONSIBLE_MSG } from '../../domain/reserves/messages';
import { ID, responses } from '../http/schemas';
import { DELETE_RESULT, FILTER_CONFIG, LIST_PAGE } from '../../domain/answers';
import type { ErrorTexts } from '../http/validation';

// the answers' shapes are the SPA's too (domain/answers/): it checks each answer against them
export const listResponse = responses({ 200: LIST_PAGE });

export const deleteBody = {
  type: 'object',
  required: ['ids'],
  properties: { ids: { type: 'array', minItems: 1, maxItems: 1000, items: ID } },
} as const;

/** A section's delete body: the ids, and the record to hand what uses them to where the section may (
 * an employee's active reserves to a new responsible, `responsible_id`). */
export const deleteBodyOf = (handOverField?: string) =>
  handOverField
    ? {
        ...deleteBody,
        properties: {
          ...deleteBody.properties,
          [handOverField]: { ...ID, description: 'who takes over what uses the deleted records' },
        },
      }
    : deleteBody;

export const deleteTexts: ErrorTexts = {
  fields: {
    '': DELETE_MSG.noIds,
    ids: { default: DELETE_MSG.noIds, maxItems: DELETE_MSG.tooMany },
    responsible_id: RESPONSIBLE_MSG.handToMissing,
  },
};

export const deleteResponse = responses({ 200: DELETE_RESULT });

export const filterConfigResponse = responses({ 200: FILTER_CONFIG });
