// Checking thousands of forms with one yup object schema (a supplier's price list, an import, a bulk change): yup
// clones and walks the whole schema for every form (~0.1 ms each), while the forms of one file share most of their
// values. A field's outcome depends only on its own value and the fields it reads (its `when` and the `this.parent`
// of its tests), so each field is checked once per distinct value and context, by the schema's own rules (the
// field picked with its context, the same messages and casts), and a form is put together from the answers:
// the same values, or the same ValidationError (its inner errors in yup's order), as schema.validate gives.
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';

type Outcome = { value: unknown } | { errors: ValidationError[] };

/** A field's value as a key: its type and text (1 and '1' differ; an object by its JSON). */
const keyOf = (v: unknown) =>
  typeof v === 'object' && v !== null ? `o${JSON.stringify(v)}` : `${typeof v}${String(v)}`;

/** Answers kept per field before they are forgotten (a file's prices and names stay far below it). */
const KEPT = 20_000;

/** yup's own order of an object's errors: by the first field of the shape the error's path names. */
function yupOrder(keys: string[], errors: ValidationError[]): ValidationError[] {
  const rank = (e: ValidationError) => {
    const i = keys.findIndex((k) => e.path?.includes(k));
    return i < 0 ? Infinity : i;
  };
  return errors
    .map((e, i) => ({ e, i, r: rank(e) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.e);
}

/**
 * A validator for many forms of `schema` (validate with abortEarly: false and stripUnknown: true, without yup
 * context). `context`: the fields other fields read (their `when`, their tests' `this.parent`); every `when` of
 * the schema must name one of them, else this throws as soon as it is built.
 */
export function fieldwiseValidator<T extends AnyObject>(schema: ObjectSchema<T>, context: readonly string[]) {
  const keys = Object.keys(schema.fields);
  for (const key of keys) {
    const deps = (schema.fields[key] as { deps?: readonly string[] }).deps ?? [];
    const unknown = deps.filter((d) => !context.includes(d));
    if (unknown.length) throw new Error(`fieldwiseValidator: ${key} reads ${unknown.join(', ')}, not in its context`);
  }
  const picked = new Map(keys.map((key) => [key, schema.pick([...new Set([key, ...context])])]));
  const memo = new Map(keys.map((key) => [key, new Map<string, Outcome>()]));

  const outcomeOf = (key: string, form: AnyObject, contextKey: string): Outcome => {
    const answers = memo.get(key)!;
    const memoKey = `${keyOf(form[key])}\u0001${contextKey}`;
    let outcome = answers.get(memoKey);
    if (outcome) return outcome;
    const part: AnyObject = {};
    for (const k of [key, ...context]) if (k in form) part[k] = form[k];
    try {
      outcome = {
        value: (picked.get(key)!.validateSync(part, { abortEarly: false, stripUnknown: true }) as AnyObject)[key],
      };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const own = (error.inner.length ? error.inner : [error]).filter((e) => e.path === key);
      // only its context failed (which fails the form on its own): the field's value as cast
      outcome = own.length
        ? { errors: own }
        : { value: (picked.get(key)!.cast(part, { assert: false, stripUnknown: true }) as AnyObject)[key] };
    }
    if (answers.size >= KEPT) answers.clear();
    answers.set(memoKey, outcome);
    return outcome;
  };

  /** The form checked: its values as yup casts them, or the ValidationError yup throws. */
  return function validate(form: AnyObject): T {
    const contextKey = context.map((k) => keyOf(form[k])).join('\u0001');
    const value: AnyObject = {};
    const errors: ValidationError[] = [];
    for (const key of keys) {
      const outcome = outcomeOf(key, form, contextKey);
      if ('errors' in outcome) errors.push(...outcome.errors);
      else if (outcome.value !== undefined) value[key] = outcome.value;
    }
    if (errors.length) throw new ValidationError(yupOrder(keys, errors), value);
    return value as T;
  };
}
