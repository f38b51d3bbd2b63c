import * as yup from 'yup';
import { MSG } from '../messages';
import { toNumber } from '../numbers';
import { typedNumber } from '../format';
import { isFieldVisible, type Permissions } from '../permissions';
import type { Section } from '../sections';

/** The name in a card's header (spec point 5 "Card header name"): products, cities, suppliers, employees. */
export const cardNameSchema = yup.string().trim().required(MSG.nameRequired).min(2, MSG.min2);

/** What the server answers when a write names a field the caller's role may not see (spec point 6). */
export const hiddenFieldMessage = (field: string) => `Поле «${field}» недоступно для вашей роли`;

/** A simple e-mail pattern (spec point 5: employees and suppliers): something@something.something. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_INVALID = 'Некорректный email';

/** A required e-mail of a card: 'Обязательное поле', then 'Некорректный email'. Stored lower-cased. */
export const requiredEmail = () =>
  yup.string().trim().lowercase().required(MSG.required).matches(EMAIL_PATTERN, EMAIL_INVALID);

/** A required reference chosen in a select ('Выберите должность'); '' and null count as not chosen. */
export const requiredId = (message: string) =>
  yup
    .number()
    .transform((_value, original) =>
      original === '' || original === null || original === undefined ? undefined : Number(original),
    )
    .typeError(message)
    .integer(message)
    .positive(message)
    .required(message);

/** A number typed in a form: '12,5' reads as 12.5, '' as not given. */
export const formNumber = (typeError: string) =>
  yup
    .number()
    .transform((_value, original) =>
      original === '' || original === null || original === undefined ? undefined : (toNumber(original) ?? NaN),
    )
    .typeError(typeError);

/**
 * The form fields of a card the caller's role may neither see nor write: each field goes by the name the
 * hiding rules use for it (a supplier's city_id by 'city'). The card leaves them out, the schema does not ask
 * for them and the server refuses them: one computation for all three.
 */
export function hiddenCardFields(
  perms: Permissions | null | undefined,
  section: Section,
  fields: readonly string[],
  visibleAs: Record<string, string> = {},
): Set<string> {
  const hidden = new Set<string>();
  for (const field of fields) {
    const rule = visibleAs[field] ?? field;
    if (!isFieldVisible(perms, section, rule)) {
      hidden.add(field);
      hidden.add(rule);
    }
  }
  return hidden;
}

/** Leaves out of a yup shape the fields the caller's role may not see. */
export function withoutHidden(shape: Record<string, yup.AnySchema>, hidden: ReadonlySet<string>) {
  for (const field of hidden) delete shape[field];
  return yup.object(shape);
}

/**
 * What a card sends: each of its form fields the caller's role sees, as typed; a reference (a select's id) as a
 * number, or null when none is chosen; money or an amount typed with a comma or a point with a point ('1200,5' →
 * '1200.5').
 */
export function cardPayload(
  values: Record<string, unknown>,
  fields: readonly string[],
  hidden: ReadonlySet<string>,
  references: readonly string[] = [],
  decimals: readonly string[] = [],
) {
  const payload: Record<string, unknown> = {};
  for (const field of fields) {
    if (hidden.has(field)) continue;
    payload[field] = references.includes(field)
      ? values[field]
        ? Number(values[field])
        : null
      : decimals.includes(field)
        ? typedNumber(values[field])
        : values[field];
  }
  return payload;
}
