// The JSON schemas of a list's routes, built from its filter definitions: for the framework to refuse a bad query
// before the handler (in the codec's own Russian words, listQuery.ts) and to document it.
import { PAGE_SIZES, type FilterDef } from './lists';
import { EXPORT_FORMATS, LIST_MSG, WITH_DELETED, isIds, isRange, isText } from './listQuery';

/** A field's message by top-level key, and the message for a key the schema does not know. */
export interface QueryTexts {
  fields: Record<string, string>;
  unknown: (key: string) => string;
}

const NUMBER_PATTERN = '^\\s*(-?\\d+(\\.\\d+)?)?\\s*$';
const DATE_PATTERN = '^\\s*(\\d{4}-\\d{2}-\\d{2})?\\s*$';
/** Ids, repeated or comma-separated, blanks allowed: '3', '3,4', ' 5 '. */
const IDS_PATTERN = '^\\s*(\\d{1,9})?\\s*(,\\s*(\\d{1,9})?\\s*)*$';

/** The list's query string as a JSON schema: paging, sort, order, withDeleted and each filter key of the section. */
export function listQuerySchema(defs: readonly FilterDef[]): { schema: object; texts: QueryTexts } {
  const properties: Record<string, object> = {
    page: { type: 'integer', minimum: 1, maximum: 1_000_000_000, description: 'page number, from 1' },
    perPage: { type: 'integer', enum: [...PAGE_SIZES], description: 'rows per page' },
    sort: { type: 'string', maxLength: 100, description: 'a sortable column key' },
    order: { type: 'string', maxLength: 4, pattern: '^([aA][sS][cC]|[dD][eE][sS][cC])$' },
    withDeleted: WITH_DELETED,
  };
  const fields: Record<string, string> = { page: LIST_MSG.page, perPage: LIST_MSG.perPage, order: LIST_MSG.order };
  for (const def of defs) {
    const description = def.title;
    if (isRange(def)) {
      const date = def.type === 'date';
      for (const end of ['from', 'to']) {
        properties[`${def.key}_${end}`] = {
          type: 'string',
          maxLength: 40,
          pattern: date ? DATE_PATTERN : NUMBER_PATTERN,
          description: `${description}: ${end === 'from' ? 'от' : 'до'}`,
        };
        fields[`${def.key}_${end}`] = date ? LIST_MSG.badDate(def.title) : LIST_MSG.badNumber(def.title);
      }
    } else if (def.type === 'boolean') {
      properties[def.key] = { type: 'string', enum: ['true', 'false'], description };
      fields[def.key] = LIST_MSG.badBoolean(def.title);
    } else if (isText(def)) {
      properties[def.key] = { type: 'string', maxLength: 200, description };
      fields[def.key] = LIST_MSG.badId(def.title);
    } else {
      properties[def.key] = {
        type: 'array',
        maxItems: 1000,
        items: { type: 'string', maxLength: 100, ...(isIds(def) ? { pattern: IDS_PATTERN } : {}) },
        description,
      };
      fields[def.key] = LIST_MSG.badId(def.title);
    }
  }
  return {
    schema: { type: 'object', additionalProperties: false, properties },
    texts: { fields, unknown: LIST_MSG.unknownFilter },
  };
}

/** The export's query: the list's own keys plus the format and the columns. */
export function exportQuerySchema(defs: readonly FilterDef[]): { schema: object; texts: QueryTexts } {
  const list = listQuerySchema(defs);
  const schema = list.schema as { properties: Record<string, object> };
  return {
    schema: {
      ...schema,
      required: ['format'],
      properties: {
        ...schema.properties,
        format: { type: 'string', enum: [...EXPORT_FORMATS], description: 'xlsx or csv' },
        columns: {
          type: 'array',
          maxItems: 200,
          items: { type: 'string', maxLength: 2000 },
          description: 'column keys in the order wanted (repeated or comma-separated); every visible column by default',
        },
      },
    },
    texts: { ...list.texts, fields: { ...list.texts.fields, format: LIST_MSG.exportFormat } },
  };
}

/** A saved filter as a JSON body: each filter key of the section in its state's shape (a range {from, to}, a list
 * of values, a text, a boolean); the values are then checked as the list checks them (decodeFilter). */
export function savedFilterSchema(defs: readonly FilterDef[]): { schema: object; texts: QueryTexts } {
  const end = { type: 'string', maxLength: 40 } as const;
  const properties = Object.fromEntries(
    defs.map((def) => [
      def.key,
      {
        description: def.title,
        ...(isRange(def)
          ? { type: 'object', additionalProperties: false, properties: { from: end, to: end } }
          : def.type === 'boolean'
            ? { type: 'boolean' }
            : isText(def)
              ? { type: 'string', maxLength: 200 }
              : { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 100 } }),
      },
    ]),
  );
  return {
    schema: { type: 'object', additionalProperties: false, properties },
    texts: { fields: { '': LIST_MSG.savedFilter }, unknown: LIST_MSG.unknownFilter },
  };
}
