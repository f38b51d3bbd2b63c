// How route schemas are compiled (Fastify's setValidatorCompiler). Two ajv instances, because the parts of a
// request differ in kind:
// - params and the query string arrive as text, so they are coerced ('12' → 12, one value → [value]); a number
//   must be written in plain digits ('Infinity', '0x10' and '1e3' pass ajv's own coercion to integer);
// - a JSON body already has its types, so it is NOT coerced: `true` is no product id, `[]` no price, an object
//   no comment. And an object the schema lists properties of is closed: an unknown key is refused by name
//   (additionalProperties: false unless the schema says otherwise), never silently dropped or passed on.
import Ajv, { type AnySchema, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler } from 'fastify';

type Node = Record<string, unknown>;

// code.optimize off: ajv's optimising pass over the generated code (dropping unused names, folding empty branches)
// was about a third of compiling the routes' validators at each app start (buildApp + ready ~1.2-2.2 -> 0.6-1.4 s
// CPU), paid by every server test file and every start; the validators it skips tidying check exactly the same.
const OPTIONS = {
  useDefaults: true,
  removeAdditional: false,
  allowUnionTypes: true,
  allErrors: false,
  code: { optimize: false },
} as const;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A copy of the schema with `edit` applied to every subschema (properties, items, anyOf …), deepest first. */
function mapSchema(schema: unknown, edit: (node: Node) => Node): unknown {
  if (Array.isArray(schema)) return schema.map((s) => mapSchema(s, edit));
  if (!isNode(schema)) return schema;
  const copy: Node = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples' || key === 'required')
      copy[key] = value;
    else if (key === 'properties' && isNode(value)) {
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, mapSchema(s, edit)]));
    } else copy[key] = mapSchema(value, edit);
  }
  return edit(copy);
}

const typesOf = (node: Node) => (Array.isArray(node.type) ? node.type : [node.type]) as unknown[];

/** Objects with listed properties refuse other keys unless they say what else they take. */
export const closeObjects = (schema: unknown) =>
  mapSchema(schema, (node) =>
    isNode(node.properties) &&
    !('additionalProperties' in node) &&
    !('patternProperties' in node) &&
    !('propertyNames' in node)
      ? { ...node, additionalProperties: false }
      : node,
  );

/** Numbers in text parts must be finite after coercion. */
const finiteNumbers = (schema: unknown) =>
  mapSchema(schema, (node) =>
    typesOf(node).some((t) => t === 'integer' || t === 'number') ? { ...node, finite: true } : node,
  );

function instance(coerceTypes: false | 'array'): Ajv {
  const ajv = new Ajv({ ...OPTIONS, coerceTypes });
  addFormats(ajv);
  // no `type: 'number'` here: ajv runs number keywords only on finite numbers, which would skip Infinity itself
  ajv.addKeyword({
    keyword: 'finite',
    schemaType: 'boolean',
    validate: (on: boolean, data: unknown) => !on || typeof data !== 'number' || Number.isFinite(data),
  });
  return ajv;
}

const PLAIN = { integer: /^-?\d+$/, number: /^-?\d+(\.\d+)?$/ } as const;

/** ajv coerces '0x10', '1e3' and ' 12' to numbers; a number in a URL is written in plain digits or refused. */
function plainNumbers(schema: unknown, validate: ValidateFunction): ValidateFunction {
  const properties = isNode(schema) && isNode(schema.properties) ? schema.properties : {};
  const checks = Object.entries(properties).flatMap(([key, property]) => {
    const node = isNode(property) && property.type === 'array' && isNode(property.items) ? property.items : property;
    if (!isNode(node)) return [];
    const type = typesOf(node).includes('integer') ? 'integer' : typesOf(node).includes('number') ? 'number' : null;
    return type && !typesOf(node).includes('string') ? [{ key, type: type as keyof typeof PLAIN }] : [];
  });
  if (!checks.length) return validate;
  const wrapped = ((data: unknown, context?: never) => {
    for (const { key, type } of checks) {
      const values = isNode(data) ? [data[key]].flat() : [];
      if (values.some((v) => typeof v === 'string' && !PLAIN[type].test(v))) {
        wrapped.errors = [
          {
            keyword: 'type',
            instancePath: `/${key}`,
            schemaPath: `#/properties/${key}/type`,
            params: { type },
            message: `must be ${type}`,
          },
        ];
        return false;
      }
    }
    const valid = validate(data, context);
    wrapped.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  // Fastify passes the parent to ajv's own functions so that coercion can replace the root value
  return Object.assign(wrapped, { schemaEnv: validate.schemaEnv, schema: validate.schema });
}

/** One validator per distinct schema and kind of part: the app's ~660 route parts declare only ~125 distinct
 * schemas (every section's list query, its id params…), and compiling each copy again cost ~1.6 s of CPU at every
 * start, paid by every server test file. A validator keeps no state between calls (Fastify reads its errors right
 * after the call that set them), so routes with equal schemas can share one. */
export function validatorCompiler(): FastifySchemaCompiler<AnySchema> {
  const text = instance('array');
  const json = instance(false);
  const compiled = new Map<string, ValidateFunction>();
  return ({ schema, httpPart }) => {
    const key = `${httpPart === 'body' ? 'json' : 'text'} ${JSON.stringify(schema)}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate =
        httpPart === 'body'
          ? json.compile(closeObjects(schema) as AnySchema)
          : plainNumbers(schema, text.compile(finiteNumbers(schema) as AnySchema));
      compiled.set(key, validate);
    }
    return validate;
  };
}

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/** Fastify's own response serializers (fast-json-stringify), one per distinct response schema: routes answering
 * the same shape share it, as the validators above do. */
export const sharedSerializers: SerializerFactory = (externalSchemas, options) => {
  const build = SerializerSelector()(externalSchemas, options);
  const built = new Map<string, ReturnType<typeof build>>();
  return (route) => {
    const key = JSON.stringify(route.schema);
    let serialize = built.get(key);
    if (!serialize) {
      serialize = build(route);
      built.set(key, serialize);
    }
    return serialize;
  };
};
