// A list's query string as a JSON schema, generated from the section's filter definitions: paging, sort,
// order, withDeleted and each filter key (ranges as key_from/key_to, lists repeated). Fastify refuses a bad
// value or an unknown key before the handler, with the list's own Russian messages; /api/docs lists every key.
import { PAGE_SIZES, type FilterDef } from '../../domain/lists';
import { ID, WITH_DELETED, pagination, responses } from '../http/schemas';
import type { ErrorTexts, FieldMessages } from '../http/validation';
import type { SectionSpec } from '../spec/section';
import { DELETE_MSG } from '../../domain/lists';
import { LIST_MSG } from './query';
import { EXPORT_FORMATS, EXPORT_MSG } from './export';

const NUMBER = '^\\s*(-?\\d+(\\.\\d+)?)?\\s*$';
const DATE = '^\\s*(\\d{4}-\\d{2}-\\d{2})?\\s*$';
/** Ids, repeated or comma-separated, blanks allowed: '3', '3,4', ' 5 '. */
const IDS = '^\\s*(\\d{1,9})?\\s*(,\\s*(\\d{1,9})?\\s*)*$';

const isRange = (def: FilterDef) => def.type === 'number' || def.type === 'currency' || def.type === 'date';

export function listQuerySchema(defs: FilterDef[]): { schema: object; texts: ErrorTexts } {
  const properties: Record<string, object> = {
    page: { type: 'integer', minimum: 1, maximum: 1_000_000_000, description: 'page number, from 1' },
    perPage: { type: 'integer', enum: [...PAGE_SIZES], description: 'rows per page' },
    sort: { type: 'string', maxLength: 100, description: 'a sortable column key' },
    order: { type: 'string', maxLength: 4, pattern: '^([aA][sS][cC]|[dD][eE][sS][cC])$' },
    withDeleted: WITH_DELETED,
  };
  const fields: FieldMessages = {
    page: LIST_MSG.page,
    perPage: LIST_MSG.perPage,
    order: LIST_MSG.order,
  };
  for (const def of defs) {
    const description = def.title;
    if (isRange(def)) {
      const date = def.type === 'date';
      for (const end of ['from', 'to']) {
        properties[`${def.key}_${end}`] = { type: 'string', maxLength: 40, pattern: date ? DATE : NUMBER, description: `${description}: ${end === 'from' ? 'от' : 'до'}` };
        fields[`${def.key}_${end}`] = date ? LIST_MSG.badDate(def.title) : LIST_MSG.badNumber(def.title);
      }
    } else if (def.type === 'boolean') {
      properties[def.key] = { type: 'string', enum: ['true', 'false'], description };
      fields[def.key] = LIST_MSG.badBoolean(def.title);
    } else if (def.type === 'string' || def.type === 'address') {
      properties[def.key] = { type: 'string', maxLength: 200, description };
      fields[def.key] = LIST_MSG.badId(def.title);
    } else {
      // ids must be whole numbers; statuses and years are checked by their compilers
      const ids = def.key.endsWith('_ids') && def.key !== 'statuses_ids';
      properties[def.key] = { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 100, ...(ids ? { pattern: IDS } : {}) }, description };
      fields[def.key] = LIST_MSG.badId(def.title);
    }
  }
  return {
    schema: { type: 'object', additionalProperties: false, properties },
    texts: { fields, unknown: LIST_MSG.unknownFilter },
  };
}

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
    properties: { status: { type: 'string' }, deleted: { type: 'integer' }, notDeleted: { type: 'integer' }, warning: { type: 'string' } },
  },
});

export const filterConfigResponse = responses({ 200: { type: 'object', additionalProperties: true } });

/** The export's query: the list's own keys plus the format and the columns. */
export function exportQuerySchema(spec: Pick<SectionSpec, 'filterDefs'>): { schema: object; texts: ErrorTexts } {
  const list = listQuerySchema(spec.filterDefs);
  const schema = list.schema as { properties: Record<string, object> };
  return {
    schema: {
      ...schema,
      required: ['format'],
      properties: {
        ...schema.properties,
        format: { type: 'string', enum: [...EXPORT_FORMATS], description: 'xlsx or csv' },
        columns: {
          type: 'array', maxItems: 200, items: { type: 'string', maxLength: 2000 },
          description: 'column keys in the order wanted (repeated or comma-separated); every visible column by default',
        },
      },
    },
    texts: { ...list.texts, fields: { ...list.texts.fields, format: EXPORT_MSG.format } },
  };
}
