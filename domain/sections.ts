// The registry of sections: each section is named here once. The router, the navigation, RTK Query's tags,
// the server's section plugins, filter configs, statuses and messages all read it. Adding a section means its
// domain folder, its server folder, its feature folder and one entry here.
//
// Kept light on purpose: the section pages' shared chunk carries this file, so columns and filters live in each
// section's own folder (domain/<section>/), imported only by that section's code. The keys alone are in
// sectionKeys.ts, which the sign-in page's router reads.
import { SECTIONS, type Section } from './sectionKeys';
import { countWith, type NounForms } from './plural';

export { SECTIONS, type Section };

export interface StatusDef {
  value: string;
  title: string;
}

export interface SectionDef {
  key: Section;
  /** The list page's title and the navigation label. */
  title: string;
  /** Genitive plural for messages: 'Нет соединения с сервером или ошибка сети при загрузке {genitive}'. */
  genitive: string;
  /** Accusative singular for the conflict link: 'Посмотреть город: {id}'. */
  one: string;
  /** The record's noun after a number, for counts: '1 предложение', '2 предложения', '5 предложений' (countText). */
  forms: NounForms;
  /** RTK Query tag type of the section's records: one record is { type: tag, id }, its list { type: tag, id: 'LIST' }.
   * Capitalised, and so typed: the registry keeps each tag's literal (SectionTag), and a misspelt tag does not compile. */
  tag: Capitalize<string>;
  /** Statuses a record can hold, with their one title each, in the order the filter offers them. */
  statuses: StatusDef[];
  /** Shown in the navigation's 'Списки' submenu rather than at the top level. */
  inListsMenu?: boolean;
  /** The sections whose records a write of this one's changes too (a reserve moves its offer's stock): what the
   * SPA reads again after it (src/api/sectionApi.ts staleAfter). */
  moves?: readonly Section[];
}

const ACTIVE: StatusDef = { value: 'active', title: 'Активный' };
const DELETED: StatusDef = { value: 'deleted', title: 'Удален' };

const REGISTRY = {
  offers: {
    key: 'offers',
    title: 'Предложения',
    genitive: 'предложений',
    one: 'предложение',
    tag: 'Offer',
    forms: ['предложение', 'предложения', 'предложений'],
    // spec point 3 "Offer status labels"
    statuses: [ACTIVE, { value: 'completed', title: 'Выполнен' }, DELETED],
  },
  reserves: {
    key: 'reserves',
    title: 'Резервы',
    genitive: 'резервов',
    one: 'резерв',
    tag: 'Reserve',
    forms: ['резерв', 'резерва', 'резервов'],
    // the reserves filter of spec point 4: 1 Активный, 2 Завершен, 3 Отменен; 4 Просрочен (past its
    // 'Резерв до', its amount back on the offer)
    statuses: [
      ACTIVE,
      { value: 'completed', title: 'Завершен' },
      { value: 'cancelled', title: 'Отменен' },
      { value: 'expired', title: 'Просрочен' },
      DELETED,
    ],
    // a reserve takes, gives back and sells its offer's stock
    moves: ['offers'],
  },
  employees: {
    key: 'employees',
    title: 'Сотрудники',
    genitive: 'сотрудников',
    one: 'сотрудника',
    tag: 'Employee',
    forms: ['сотрудник', 'сотрудника', 'сотрудников'],
    statuses: [ACTIVE, DELETED],
  },
  suppliers: {
    key: 'suppliers',
    title: 'Поставщики',
    genitive: 'поставщиков',
    one: 'поставщика',
    tag: 'Supplier',
    forms: ['поставщик', 'поставщика', 'поставщиков'],
    statuses: [ACTIVE, DELETED],
    inListsMenu: true,
  },
  products: {
    key: 'products',
    title: 'Товары',
    genitive: 'товаров',
    one: 'товар',
    tag: 'Product',
    forms: ['товар', 'товара', 'товаров'],
    statuses: [ACTIVE, { value: 'deactivated', title: 'Деактивирован' }, DELETED],
    inListsMenu: true,
  },
  cities: {
    key: 'cities',
    title: 'Города',
    genitive: 'городов',
    one: 'город',
    tag: 'City',
    forms: ['город', 'города', 'городов'],
    statuses: [ACTIVE, DELETED],
    inListsMenu: true,
  },
  buyers: {
    key: 'buyers',
    title: 'Покупатели',
    genitive: 'покупателей',
    one: 'покупателя',
    tag: 'Buyer',
    forms: ['покупатель', 'покупателя', 'покупателей'],
    statuses: [ACTIVE, DELETED],
    inListsMenu: true,
  },
  // a container or truck, its customs declaration, its lots and cost lines: each lot's landed cost per kg
  shipments: {
    key: 'shipments',
    title: 'Поставки',
    genitive: 'поставок',
    one: 'поставку',
    tag: 'Shipment',
    forms: ['поставка', 'поставки', 'поставок'],
    statuses: [ACTIVE, DELETED],
    // a shipment writes its lots' landed cost
    moves: ['offers'],
  },
} satisfies Record<Section, SectionDef>;

export const SECTION: Record<Section, SectionDef> = REGISTRY;

/** The sections' RTK Query tag types, as the registry names them: 'Offer' | 'Reserve' | … */
export type SectionTag = (typeof REGISTRY)[Section]['tag'];

export const isSection = (value: unknown): value is Section =>
  typeof value === 'string' && (SECTIONS as readonly string[]).includes(value);

/** The one title of a record's status in its section ('Завершен' for a completed reserve). */
export function statusTitle(section: Section, status: string | null | undefined): string {
  return SECTION[section].statuses.find((s) => s.value === status)?.title ?? String(status ?? '');
}

/** A count of a section's records in its own noun: countText('offers', 2) → '2 предложения'. */
export const countText = (section: Section, n: number) => countWith(n, SECTION[section].forms);

/** The link text of a duplicate's alert (spec point 8): 'Посмотреть город: 12'. */
export function conflictLinkText(section: Section, id: number | string): string {
  return `Посмотреть ${SECTION[section].one}: ${id}`;
}
