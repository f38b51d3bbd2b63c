// Record versions: every record carries an integer version that each write of it bumps. A card's save
// and a reserve's step send the version the user saw; a write over a newer one changes nothing and answers 409
// 'stale' with who changed the record, when, and what (the history's changes since, hidden fields left out).
import type { FieldChange } from './history';

export const VERSION_MSG = {
  missing: 'Не указана версия записи',
  stale: 'Запись изменена другим пользователем',
  changed: 'Изменено',
} as const;

/** What a 409 'stale' tells beside its message: the record's current version and what changed after the one the
 * user saw, oldest change first. `by` is null where the reader's role does not see who writes records. */
export interface StaleInfo {
  version: number;
  by: string | null;
  at: string | null;
  changes: FieldChange[];
  /** What changed, by the fields' titles as the history names them, each once, oldest change first. */
  fields: string[];
}

/** The titles of the fields `changes` name, each once in order: 'Цена за единицу, ₽' for unit_price. */
export function changedFieldTitles(
  changes: readonly { field: string }[],
  title: (field: string) => string | undefined,
): string[] {
  return [...new Set(changes.map((c) => title(c.field) ?? c.field))];
}

/** A 409 'stale' in words: 'Запись изменена другим пользователем: Мария Иванова, 25.11.2026 15:34. Изменено:
 * Цена за единицу, ₽' (who, when and what, as far as the reader may know). */
export function staleText(
  message: string,
  who: readonly (string | null | undefined)[],
  fields: readonly string[],
): string {
  const named = who.filter(Boolean).join(', ');
  const head = named ? `${message}: ${named}` : message;
  return fields.length ? `${head}. ${VERSION_MSG.changed}: ${fields.join(', ')}` : head;
}

/** The JSON schema of the version a write sends: the record's version as the user's card read it. */
export const versionProperty = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
