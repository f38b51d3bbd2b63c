// A supplier's own price list: the file as the supplier writes it (a title block above the header, its
// own column names, packings as text, prices per kg, per unit or per ton, amounts in kg, t or pieces, decimal
// commas, '1 200,50'), read through the supplier's remembered profile into offer values. Pure: the server reads the
// file and resolves names against the database, the mapping screen guesses and shows the same columns.
import { product, ratio, roundHalfUp } from '../numbers';
import { looksLikeFormula } from '../spreadsheet';
import { IMPORT_MSG } from '../import';
import { OFFER_FIELDS, OFFER_LOADING_ADDRESS, type OfferFieldKey } from '../offers/resource';
import { UNIT_MEASURE_NAMES } from '../offers/import';
import { LOT, LOT_FIELDS, type LotFieldOf, type LotKey } from '../offers/lot';
import { type Packing, parseDecimal, parsePacking } from './supplierWriting';

/** The lot's parts a file's column fills by their keys (LOT_FIELDS: the product's and the variety's names, the
 * packing as written, the year, the origin, the unit). */
const { product: PRODUCT, variety: VARIETY, packing: PACKING, year: YEAR, origin: ORIGIN, unit: UNIT } = LOT;

/** The offer's fields a file fills besides its lot, and the readings of them it may give instead (a price per kg or
 * per ton, an amount in tonnes or kg). */
const READINGS = {
  unit_weight: 'unit_weight',
  unit_amount: 'unit_amount',
  unit_price: 'unit_price',
  price_per_kg: 'unit_price',
  price_per_ton: 'unit_price',
  amount_t: 'unit_amount',
  amount_kg: 'unit_amount',
} as const satisfies Record<string, OfferFieldKey>;

/** What a column of the file may fill: a part of the lot, another offer field, or a reading of one. A column
 * without a target is not loaded. */
export const PRICE_LIST_TARGETS = [
  ...LOT_FIELDS.map((fd) => fd.key as LotKey),
  ...(Object.keys(READINGS) as (keyof typeof READINGS)[]),
] as const;
export type PriceListTarget = LotKey | keyof typeof READINGS;

const label = (key: OfferFieldKey) => OFFER_FIELDS.find((f) => f.key === key)!.label;

/** The mapping screen's names of the targets (the card's labels where a target is a field of the card). */
export const TARGET_TITLES: Record<PriceListTarget, string> = {
  ...(Object.fromEntries(LOT_FIELDS.map((fd) => [fd.key, fd.label])) as Record<LotKey, string>),
  [PRODUCT.key]: `${PRODUCT.label} (наименование)`,
  [PACKING.key]: 'Фасовка (упаковка и вес)',
  unit_weight: label('unit_weight'),
  unit_amount: 'Количество, в единицах',
  unit_price: label('unit_price'),
  price_per_kg: 'Цена за кг, ₽',
  price_per_ton: 'Цена за тонну, ₽',
  amount_t: 'Количество, т',
  amount_kg: 'Количество, кг',
};
export const SKIP_TITLE = 'Не загружать';
/** A name's answer: its rows are no lot of ours. */
export const NOT_MATCHED_TITLE = 'Не сопоставлять';

/** The offer field a target fills (a role that may not see it may not load it). */
export const TARGET_FIELD: Record<PriceListTarget, OfferFieldKey> = {
  ...(Object.fromEntries(LOT_FIELDS.map((fd) => [fd.key, fd.field])) as Record<LotKey, OfferFieldKey>),
  ...READINGS,
};

/** Which targets say the same thing: a file gives a price one way and an amount one way. */
const PRICE_TARGETS: PriceListTarget[] = ['unit_price', 'price_per_kg', 'price_per_ton'];
const AMOUNT_TARGETS: PriceListTarget[] = ['unit_amount', 'amount_t', 'amount_kg'];

export const PRICE_LIST_UNITS = ['шт', 'кг'] as const;

/** The offer fields a file may lack, by their keys, in the order the mapping screen asks them: where the lots are
 * loaded (the supplier card's city and loading address unless set), their unit, harvest year and origin. */
export const DEFAULT_FIELDS = [
  'city_id',
  OFFER_LOADING_ADDRESS,
  UNIT.field,
  YEAR.field,
  ORIGIN.field,
] as const satisfies readonly OfferFieldKey[];

/** Defaults for what the file lacks: the loading city's id, the unit (шт or кг), the others text; null: none. */
export type PriceListDefaults = {
  [K in (typeof DEFAULT_FIELDS)[number]]: K extends 'city_id'
    ? number | null
    : K extends LotFieldOf<'unit'>
      ? 'шт' | 'кг' | null
      : string | null;
};

/** No defaults (the mapping screen's before the upload answers). */
export const noDefaults = (): PriceListDefaults =>
  Object.fromEntries(DEFAULT_FIELDS.map((key) => [key, null])) as PriceListDefaults;

/** An answer to a name of the file: our product and variety (and the origin the name says). */
export type MatchedName = { product_id: number; variety_id: number | null } & {
  [K in LotFieldOf<'origin'>]?: string | null;
};
/** 'Не сопоставлять': the name's rows hold no lot of ours (a remark, a total the file words its own way); they are
 * skipped and counted, and the name is not asked about again. */
export type NotMatched = { product_id: null };
/** An answer to a name, kept in the supplier's profile like every other choice. */
export type NameAnswer = MatchedName | NotMatched;
export const NOT_MATCHED: NotMatched = Object.freeze({ product_id: null });

/** The supplier's price-list profile: where the data is and what each column means. `columns` and `header_row`
 * are numbered as the spreadsheet numbers them (1-based). `titles` keeps each mapped column's header as it was, so
 * a changed layout is noticed. */
export interface PriceListProfile {
  sheet: string;
  header_row: number;
  columns: Record<string, PriceListTarget>;
  titles: Record<string, string>;
  defaults: PriceListDefaults;
  /** By the name's normal form (nameKey). */
  names: Record<string, NameAnswer>;
  /** The supplier's files are its full list ('Это полный прайс'): its lots a file lacks are offered for removal. A
   * partial file (the default) removes nothing. */
  full?: boolean;
}

/** Uploads of one supplier's price lists in a business day: a supplier sends a few a week; each is read and kept. */
export const PRICE_LIST_UPLOADS_PER_DAY = 20;

export const PRICE_LIST_MSG = {
  noSheet: (name: string) => `В файле нет листа «${name}»`,
  noData: 'На листе нет строк с данными',
  headerRow: (n: number) => `В файле нет строки ${n}`,
  badTarget: (t: string) => `Неизвестное поле «${t}»`,
  badColumn: (n: string) => `В файле нет столбца ${n}`,
  twice: (title: string) => `Поле «${title}» выбрано для двух столбцов`,
  twoWays: (a: string, b: string) => `Выберите одно: «${a}» или «${b}»`,
  needed: (titles: string[]) => `Укажите столбцы: ${titles.map((t) => `«${t}»`).join(', ')}`,
  noCity: 'Укажите город погрузки по умолчанию',
  noAddress: 'Укажите адрес погрузки по умолчанию',
  noProfile: 'Сначала сопоставьте столбцы файла с полями предложения',
  changedLayout: 'Столбцы файла изменились: проверьте сопоставление',
  unanswered: (n: number) => `Сопоставьте с товарами наименования: ${n}`,
  uploadGone: 'Загрузка прайса не найдена',
  productGone: 'такого товара нет среди предлагаемых',
  varietyOther: 'этот сорт не относится к выбранному товару',
  applied: 'Этот прайс уже применён',
  badGroup: (g: string) => `Неизвестная группа «${g}»`,
  perDay: `Сегодня уже загружено ${PRICE_LIST_UPLOADS_PER_DAY} прайсов этого поставщика: следующий можно загрузить завтра`,
  // a row's problems
  number: (value: string) => `«${value}» — не число`,
  packing: (value: string) => `Не удалось прочитать фасовку «${value}»: нужны упаковка и вес, например «мешок 25 кг»`,
  packingUnknown: (value: string, name?: string) =>
    `Упаковки «${name ?? value}» нет в справочнике упаковок${name && name !== value ? ` (в файле «${value}»)` : ''}`,
  newPackings: 'Этих упаковок нет в справочнике: добавьте их, и строки с ними прочтутся',
  addPacking: (name: string) => `Добавить «${name}»`,
  packingNotInFile: (name: string) => `Упаковки «${name}» нет среди новых упаковок этого прайса`,
  unit: (value: string) => `Единица измерения «${value}» — только шт или кг`,
  noWeight: 'Нет веса единицы: укажите фасовку с весом или столбец веса',
  noName: 'Нет наименования товара',
  unanswered1: (name: string) => `Наименование «${name}» не сопоставлено с товаром`,
  twinInFile: (line: number) => `Та же партия, что в строке ${line}`,
  skipped: (s: { totals: number; empty: number; not_matched?: number }) =>
    `Пропущены строки без партий: итоги и подытоги — ${s.totals}, пустые — ${s.empty}${
      s.not_matched ? `, «${NOT_MATCHED_TITLE}» — ${s.not_matched}` : ''
    }`,
  notFull: 'Снять предложения, которых нет в файле, можно только по полному прайсу: отметьте «Это полный прайс»',
  movedSincePreview: 'Прайс изменился после просмотра, ничего не применено: проверьте изменения заново',
  lineMoved: (line: number, name: string, why: string) => `Строка ${line}${name ? ` «${name}»` : ''}: ${why}`,
  notInGroupNow: (group: string) => `больше не в группе «${group}»`,
  newInGroup: (group: string) => `теперь в группе «${group}»`,
  goneMoved: (id: number, why: string) => `Предложение № ${id}: ${why}`,
  fullList: 'Это полный прайс',
  fullListHint: 'В файле все партии поставщика: тех, которых в нём нет, снять с продажи',
  confirmGone: (n: string) => `Снять с продажи ${n}, которых нет в прайсе? Предложения с активными резервами останутся`,
  confirmGoneYes: 'Снять и применить',
  // the screens
  button: 'Загрузить прайс поставщика',
  apply: 'Применить',
} as const;

// ---- the header
const normal = (title: string) => title.toLocaleLowerCase('ru').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();

/** What a column's title most likely means, or null: 'Наименование' → product, 'Цена, руб/кг' → price_per_kg,
 * 'Остаток, т' → amount_t, 'Фасовка' → packing. */
export function guessTarget(title: string): PriceListTarget | null {
  const t = normal(title);
  if (!t) return null;
  const perTon = /(\/|за |в |, ?)\s*(т|тн|тонн[ау]?)\b|руб\.?\/т|тонн/.test(t);
  const perKg = /кг/.test(t);
  if (/цена|стоимость|прайс/.test(t)) return perTon ? 'price_per_ton' : perKg ? 'price_per_kg' : 'unit_price';
  if (/остат|количеств|кол-во|наличи|объ[её]м|запас|свободно/.test(t)) {
    if (/(,|\(|в|\s)\s*(т|тн|тонн\S*)\)?$/.test(t) || /тонн/.test(t)) return 'amount_t';
    if (/кг/.test(t)) return 'amount_kg';
    return 'unit_amount';
  }
  if (/наименовани|номенклатур|^товар|^продук|^позици/.test(t)) return PRODUCT.key;
  if (/сорт|калибр/.test(t)) return VARIETY.key;
  if (/фасовк|упаковк|тара/.test(t)) return PACKING.key;
  if (/урожа|^год/.test(t)) return YEAR.key;
  if (/стран|происхожд/.test(t)) return ORIGIN.key;
  if (/ед\.? ?изм|единиц/.test(t)) return UNIT.key;
  if (/^вес|масса/.test(t)) return 'unit_weight';
  return null;
}

/** The rows a header is looked for in. */
export const HEADER_SEARCH_ROWS = 30;

/** The index (in `rows`) of the header: the first row whose cells match two or more known titles; a title block
 * and blank rows above it are read past. -1 when no row does. */
export function findHeaderRow(rows: { cells: string[] }[]): number {
  return rows.slice(0, HEADER_SEARCH_ROWS).findIndex((r) => r.cells.filter((c) => guessTarget(c) !== null).length >= 2);
}

/** A first mapping of a header: each column its guessed target, a target to the first column that has it. */
export function guessColumns(header: string[]): Record<string, PriceListTarget> {
  const columns: Record<string, PriceListTarget> = {};
  const taken = new Set<PriceListTarget>();
  header.forEach((title, i) => {
    const target = guessTarget(title);
    if (!target || taken.has(target)) return;
    if (PRICE_TARGETS.includes(target) && PRICE_TARGETS.some((p) => taken.has(p))) return;
    if (AMOUNT_TARGETS.includes(target) && AMOUNT_TARGETS.some((p) => taken.has(p))) return;
    taken.add(target);
    columns[String(i + 1)] = target;
  });
  return columns;
}

/** Why a mapping cannot be read, or null: a target chosen twice, a price or an amount given two ways, no name, no
 * price, no amount. */
export function mappingProblem(columns: Record<string, PriceListTarget>): string | null {
  const targets = Object.values(columns);
  for (const t of targets) {
    if (!PRICE_LIST_TARGETS.includes(t)) return PRICE_LIST_MSG.badTarget(String(t));
    if (targets.filter((x) => x === t).length > 1) return PRICE_LIST_MSG.twice(TARGET_TITLES[t]);
  }
  for (const group of [PRICE_TARGETS, AMOUNT_TARGETS]) {
    const given = group.filter((t) => targets.includes(t));
    if (given.length > 1) return PRICE_LIST_MSG.twoWays(TARGET_TITLES[given[0]], TARGET_TITLES[given[1]]);
  }
  const missing = [
    !targets.includes('product') && TARGET_TITLES.product,
    !PRICE_TARGETS.some((t) => targets.includes(t)) && 'Цена',
    !AMOUNT_TARGETS.some((t) => targets.includes(t)) && 'Количество',
  ].filter((x): x is string => Boolean(x));
  return missing.length ? PRICE_LIST_MSG.needed(missing) : null;
}

/** Does the saved mapping still fit this header? Every mapped column is there under the same title. */
export function layoutFits(profile: Pick<PriceListProfile, 'columns' | 'titles'>, header: string[]): boolean {
  return Object.keys(profile.columns).every(
    (index) => normal(header[Number(index) - 1] ?? '') === normal(profile.titles[index] ?? ''),
  );
}

/** The old choices kept where they still fit a changed header: a mapped title found again (maybe in another
 * column) keeps its target; the other columns are guessed. */
export function carriedColumns(
  profile: Pick<PriceListProfile, 'columns' | 'titles'>,
  header: string[],
): Record<string, PriceListTarget> {
  const byTitle = new Map(Object.entries(profile.columns).map(([i, t]) => [normal(profile.titles[i] ?? ''), t]));
  const kept: Record<string, PriceListTarget> = {};
  header.forEach((title, i) => {
    const t = byTitle.get(normal(title));
    if (t && normal(title)) kept[String(i + 1)] = t;
  });
  const guessed = guessColumns(header);
  const used = new Set(Object.values(kept));
  for (const [i, t] of Object.entries(guessed)) if (!(i in kept) && !used.has(t)) kept[i] = t;
  return mappingProblem(kept) && !mappingProblem(guessed) ? guessed : kept;
}

// ---- one row
/** A data row as the file says it, before names are resolved: the lot's texts (its harvest year and origin as the
 * offer's fields) and the figures. */
export type ReadRow = {
  line: number;
  name: string;
  variety: string | null;
  /** The packing as written, and as read. */
  packingText: string | null;
  packing: Packing | null;
  unit_measure: string | null;
  unit_weight: string | null;
  unit_amount: string | null;
  unit_price: string | null;
  /** By target: what could not be read. */
  problems: { target: PriceListTarget | null; message: string }[];
} & { [K in LotFieldOf<'year' | 'origin'>]: string | null };

const cellOf = (cells: string[], columns: Record<string, PriceListTarget>, target: PriceListTarget) => {
  const index = Object.keys(columns).find((i) => columns[i] === target);
  return index === undefined ? null : (cells[Number(index) - 1] ?? '').trim();
};

/** Floor of a / b to whole units, exact ('2268' kg / '22.68' kg = 100 bags; a part bag is not offered). */
const wholeUnits = (a: string, b: string) => {
  const r = ratio(a, b, 3);
  return r === null ? null : String(Math.floor(r + 1e-9));
};

/**
 * One row of the file as offer values: the unit ('шт' when the packing has a weight, else 'кг', unless the file
 * or the defaults say), the unit's weight (the packing's), the price per unit from a price per kg (× the unit's
 * weight) or per ton (÷ 1000 × weight), rounded half-up to the kopeck; the amount in units from tonnes or kg (whole
 * pieces, rounded down).
 */
export function readRow(
  line: number,
  cells: string[],
  columns: Record<string, PriceListTarget>,
  defaults: PriceListDefaults,
): ReadRow {
  const problems: ReadRow['problems'] = [];
  // a value a spreadsheet would run ('=HYPERLINK(…)' as a country) is the row's problem, never a lot's text
  const formulas = new Set<PriceListTarget>();
  for (const target of Object.values(columns)) {
    const text = cellOf(cells, columns, target);
    if (text && looksLikeFormula(text)) {
      formulas.add(target);
      problems.push({ target, message: IMPORT_MSG.formula(text) });
    }
  }
  const get = (t: PriceListTarget) => (formulas.has(t) ? null : cellOf(cells, columns, t));
  const num = (t: PriceListTarget): string | null => {
    const text = get(t);
    if (!text) return null;
    const n = parseDecimal(text);
    if (n === null) problems.push({ target: t, message: PRICE_LIST_MSG.number(text) });
    return n;
  };
  const packingText = get(PACKING.key) || null;
  const packing = packingText ? parsePacking(packingText) : null;
  if (packingText && !packing) problems.push({ target: PACKING.key, message: PRICE_LIST_MSG.packing(packingText) });
  const unitText = get(UNIT.key);
  let unit: string | null = unitText ? (UNIT_MEASURE_NAMES[unitText.toLocaleLowerCase('ru')] ?? null) : null;
  if (unitText && !unit) problems.push({ target: UNIT.key, message: PRICE_LIST_MSG.unit(unitText) });
  const weightCell = num('unit_weight');
  const weight = weightCell ?? packing?.weight ?? null;
  unit = unit ?? defaults[UNIT.field] ?? (weight ? 'шт' : 'кг');
  const unitWeight = unit === 'кг' ? '1' : weight;

  let price: string | null = num('unit_price');
  const perKg = num('price_per_kg');
  const perTon = num('price_per_ton');
  const kgPrice = perKg ?? (perTon !== null ? String(ratio(perTon, 1000, 6)) : null);
  if (kgPrice !== null) {
    if (unit === 'кг') price = roundHalfUp(kgPrice, 2);
    else if (unitWeight) price = roundHalfUp(product(6, kgPrice, unitWeight), 2);
    else problems.push({ target: null, message: PRICE_LIST_MSG.noWeight });
  }
  let amount: string | null = num('unit_amount');
  const tonnes = num('amount_t');
  const kgAmount = num('amount_kg') ?? (tonnes !== null ? String(product(3, tonnes, 1000)) : null);
  if (kgAmount !== null) {
    if (unit === 'кг') amount = kgAmount;
    else if (unitWeight) amount = wholeUnits(kgAmount, unitWeight);
    else if (!problems.some((p) => p.message === PRICE_LIST_MSG.noWeight))
      problems.push({ target: null, message: PRICE_LIST_MSG.noWeight });
  }
  const name = get(PRODUCT.key) ?? '';
  if (!name && !formulas.has(PRODUCT.key)) problems.push({ target: PRODUCT.key, message: PRICE_LIST_MSG.noName });
  return {
    line,
    name,
    variety: get(VARIETY.key) || null,
    packingText,
    packing,
    [YEAR.field]: get(YEAR.key) || defaults[YEAR.field] || null,
    // the origin's default is the name's answer's before the profile's (the server's)
    [ORIGIN.field]: get(ORIGIN.key) || null,
    unit_measure: unit,
    unit_weight: unitWeight,
    unit_amount: amount,
    unit_price: price,
    problems,
  };
}

/** Why a data row holds no lot: empty (no cell with text), or a total or subtotal. */
export type SkippedKind = 'empty' | 'total';

/** 'Итого', 'Всего', 'Итого по группе', 'Подытог', 'В том числе' as a row's name or first text. */
const TOTAL_WORD = /^(?:итого|итог|всего|подытог|подитог|в том числе|в т\. ?ч\.)(?!\p{L})/u;

/** A row the preview skips and counts, or null: an empty one; a total or subtotal, by its word in the name's cell or
 * the row's first text, or figures under no name with no word anywhere (an unlabelled subtotal). */
export function skippedRow(cells: string[], columns: Record<string, PriceListTarget>): SkippedKind | null {
  const texts = cells.map((c) => c.trim()).filter(Boolean);
  if (!texts.length) return 'empty';
  const name = cellOf(cells, columns, PRODUCT.key);
  if ([name, texts[0]].some((t) => t && TOTAL_WORD.test(normal(t)))) return 'total';
  if (!name && !texts.some((t) => /\p{L}/u.test(t))) return 'total';
  return null;
}
