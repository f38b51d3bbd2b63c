// The history of a record: what every create, change, status move and delete of a record, and every
// change of an offer's stock through its reserves, leaves behind, and how a person reads it. The server records
// the fields named here (the record's own database columns) and leaves out of an answer those the reader's role
// may not see; the card's 'История' tab prints them in Russian with the fields' titles from the list columns and
// the values formatted as the lists format them.
import type { CellType, ColumnDef } from './lists';
import type { FieldRef } from './permissions';
import { statusTitle, type Section } from './sections';
import { formatDate, formatDateTime, formatNumber, formatPhone } from './format';
import type { Resource, ResourceField } from './resource';
import { bySection } from './resources';

export type HistoryAction = 'create' | 'update' | 'delete' | 'stock' | 'restore';

import type { HistoryField, HistoryFormat, HistoryRef } from './historyField';

export type { HistoryField, HistoryFormat, HistoryRef };

/** A recorded change of one field; `key` tells apart changes of one field (a city's delivery to each city). */
export interface FieldChange {
  field: string;
  key?: number;
  /** The name of what `key` stands for, answered by the server (the destination city). */
  name?: string | null;
  old: unknown;
  new: unknown;
}

/** A reference as the server answers it in a change. */
export interface NamedValue {
  id: number;
  name: string | null;
}

/** What caused an offer's stock change: its reserves (ids left out for a reader who may not read reserves). */
export interface HistoryCause {
  /** reserves: a reserve's step moved an offer's stock; price_lists: a supplier's price list changed the offer
   * (the file's name, where the reader may see the offer's supplier, and the business day it was applied). */
  section: 'reserves' | 'price_lists' | 'settings';
  step: 'create' | 'change' | 'complete' | 'cancel' | 'delete' | 'restore' | 'expire' | 'renew' | 'apply';
  ids?: number[];
  file?: string;
  /** settings: the business settings a save moved, which moved the offer's selling band
   * ('Минимальная наценка 10 % → 20 %'). */
  settings?: string;
  /** YYYY-MM-DD */
  day?: string;
}

/** One entry of GET /api/{section}/{id}/history. `user` is null for a reader who may not see who wrote records
 * (created_by is hidden from the role: the author of the 'Создано' entry is the record's creator). */
export interface HistoryEntry {
  id: number;
  at: string;
  action: HistoryAction;
  user: NamedValue | null;
  /** Written by the server itself (the reserves' expiry job), by no person: its author reads 'Система' for every role. */
  system?: boolean;
  changes: FieldChange[];
  via?: HistoryCause | null;
}

const FORMAT_OF: Partial<Record<CellType, HistoryFormat>> = {
  money: 'money',
  number: 'number',
  action: 'number',
  date: 'date',
  status: 'status',
  phone: 'phone',
  entity_link: 'ref',
};

/** A field shown by a list column: its title and format from the column, its hiding from every name. */
function fromColumn(
  section: Section,
  columns: readonly ColumnDef[],
  columnKey: string,
  key = columnKey,
  ref?: HistoryRef,
): HistoryField {
  const column = columns.find((c) => c.key === columnKey);
  if (!column) throw new Error(`history: no column ${section}.${columnKey}`);
  return fromColumnDef(section, column, key, ref);
}

function fromColumnDef(section: Section, column: ColumnDef, key: string, ref?: HistoryRef): HistoryField {
  const names: FieldRef[] = [
    `${section}.${column.key}`,
    ...(column.field ? [`${section}.${column.field}` as FieldRef] : []),
  ];
  return {
    key,
    title: column.title,
    format: ref ? 'ref' : (FORMAT_OF[column.type] ?? 'text'),
    ...(ref && { ref }),
    ...(column.titles && { titles: column.titles }),
    field: column.field ?? column.key,
    reads: [...names, ...(column.reads ?? [])],
  };
}

/** The fields a section's history records, from its resource: the status, then each stored field (the plain ones,
 * then the references, each named from its list), titled and formatted as its list column shows it. */
export function historyFieldsOf(resource: Resource): Record<string, HistoryField> {
  const out: Record<string, HistoryField> = { status: fromColumn(resource.section, resource.columns, 'status') };
  const order = resource.spec.historyOrder;
  // a plain field the order does not name follows it: a new field is recorded with no second line there
  const unordered = (f: ResourceField) => !f.reference && !order?.includes(f.key);
  const recorded = (
    order
      ? [
          ...order.map((key) => resource.field(key)),
          ...resource.stored.filter(unordered),
          ...resource.stored.filter((f) => f.reference),
        ]
      : resource.stored
  ).filter((f) => f.history !== false);
  for (const f of recorded)
    if (!f.reference) out[f.key] = fromColumnDef(resource.section, resource.columnOf(f.key), f.key);
  for (const f of recorded)
    if (f.reference)
      out[f.key] = fromColumnDef(resource.section, resource.columnOf(f.key), f.key, f.reference.list as HistoryRef);
  return out;
}

export const HISTORY_FIELDS: Record<Section, Record<string, HistoryField>> = bySection((resource) => ({
  ...historyFieldsOf(resource),
  ...resource.spec.historyExtra,
}));

// ---- how a person reads it
export const HISTORY_TEXTS = {
  tab: 'История',
  empty: 'Изменений пока нет',
  created: 'Создано',
  deleted: 'Удалено',
  restored: 'Восстановлено',
  nobody: 'Пользователь скрыт',
  system: 'Система',
  blank: '—',
  added: 'добавлен',
  renamed: 'переименован',
  removed: 'удален',
  /** An offer's selling band moved by a save of the business settings. */
  bandBySettings: 'Диапазон цен изменён настройками',
} as const;

const STEP_TITLE: Record<Exclude<HistoryCause['step'], 'apply'>, [string, string]> = {
  create: ['создан', 'созданы'],
  change: ['изменен', 'изменены'],
  complete: ['завершен', 'завершены'],
  cancel: ['отменен', 'отменены'],
  delete: ['удален', 'удалены'],
  restore: ['восстановлен', 'восстановлены'],
  expire: ['просрочен', 'просрочены'],
  renew: ['продлен', 'продлены'],
};

/** 'Резерв № 12 завершен', 'Резервы № 3, 4 удалены', 'Резерв завершен' (the reader may not read reserves). */
export function causeText(via: HistoryCause): string {
  if (via.section === 'settings') return `${HISTORY_TEXTS.bandBySettings}: ${via.settings ?? ''}`;
  if (via.section === 'price_lists') {
    const day = formatDate(via.day ?? null);
    return via.file ? `Обновлено из прайса «${via.file}» от ${day}` : `Обновлено из прайса поставщика от ${day}`;
  }
  const many = (via.ids?.length ?? 0) > 1;
  const [one, plural] = STEP_TITLE[via.step as Exclude<HistoryCause['step'], 'apply'>];
  const numbers = via.ids?.length ? ` № ${via.ids.join(', ')}` : '';
  return `${many ? 'Резервы' : 'Резерв'}${numbers} ${many ? plural : one}`;
}

const moneyNumber = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const blank = (v: unknown) => v === null || v === undefined || v === '';

/** A value as the list shows it, without the unit (money's ₽ goes once, after the new value). */
export function valueText(section: Section, field: HistoryField, value: unknown): string {
  if (blank(value)) return HISTORY_TEXTS.blank;
  switch (field.format) {
    case 'money':
      return moneyNumber.format(Number(value));
    case 'number':
      return formatNumber(value);
    case 'date':
      return formatDate(String(value)) || String(value);
    case 'status':
      return statusTitle(section, String(value));
    case 'phone':
      return formatPhone(String(value)) || String(value);
    case 'ref': {
      const named = value as NamedValue;
      return typeof named === 'object' ? (named.name ?? `№ ${named.id}`) : `№ ${String(value)}`;
    }
    case 'delivery': {
      const { cost, days } = value as { cost: unknown; days: unknown };
      return `${moneyNumber.format(Number(cost ?? 0))} ₽, ${formatNumber(days ?? 0)} дн.`;
    }
    default:
      return field.titles?.[String(value)] ?? String(value);
  }
}

/** A list's item: 'Сорта: добавлен «W320»', 'Сорта: переименован «W320» → «W240»', 'Сорта: удален «W240»'. */
function itemText(title: string, change: FieldChange): string {
  if (blank(change.old)) return `${title}: ${HISTORY_TEXTS.added} «${String(change.new)}»`;
  if (blank(change.new)) return `${title}: ${HISTORY_TEXTS.removed} «${String(change.old)}»`;
  return `${title}: ${HISTORY_TEXTS.renamed} «${String(change.old)}» → «${String(change.new)}»`;
}

/** 'Цена за единицу: 250,00 → 300,00 ₽'; a city's delivery as 'Доставка в город Казань: 5,00 ₽, 2 дн. → —'. */
export function changeText(section: Section, change: FieldChange): string {
  const field = HISTORY_FIELDS[section][change.field] ?? {
    key: change.field,
    title: change.field,
    format: 'text' as const,
  };
  if (field.format === 'item') return itemText(field.title, change);
  const unit = field.format === 'money' && !blank(change.new) ? ' ₽' : '';
  const oldUnit = field.format === 'money' && blank(change.new) && !blank(change.old) ? ' ₽' : '';
  const title =
    field.format === 'delivery' ? `${field.title} в город ${change.name ?? `№ ${change.key}`}` : field.title;
  return `${title}: ${valueText(section, field, change.old)}${oldUnit} → ${valueText(section, field, change.new)}${unit}`;
}

/** The lines of one entry, in the order the tab prints them under its author and time. */
export function entryLines(section: Section, entry: Pick<HistoryEntry, 'action' | 'changes' | 'via'>): string[] {
  // a create tells what it was made with where that is worth telling (a delivery cost below its route's)
  if (entry.action === 'create')
    return [HISTORY_TEXTS.created, ...entry.changes.map((change) => changeText(section, change))];
  if (entry.action === 'delete') return [HISTORY_TEXTS.deleted];
  if (entry.action === 'restore') return [HISTORY_TEXTS.restored];
  const head =
    entry.via && (entry.action === 'stock' || entry.via.section !== 'reserves') ? [causeText(entry.via)] : [];
  return [...head, ...entry.changes.map((change) => changeText(section, change))];
}

/** 'Иван Петров, 01.11.2026 12:30' */
export const entryHeading = (entry: Pick<HistoryEntry, 'user' | 'system' | 'at'>): string => {
  const author = entry.system
    ? HISTORY_TEXTS.system
    : entry.user
      ? (entry.user.name ?? `№ ${entry.user.id}`)
      : HISTORY_TEXTS.nobody;
  return `${author}, ${formatDateTime(entry.at)}`;
};
