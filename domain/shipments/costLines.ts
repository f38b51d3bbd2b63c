// A shipment's cost lines as the trader types them: what was paid (its kind), how much in which currency, the day
// its rate is taken (or the rate itself, for a prepayment or a contract rate), how it is spread over the
// container's lots, and whether it is still an estimate or the actual figure.

/** The kinds of a cost line, in the order the landed cost's waterfall shows them. */
export const COST_KINDS = [
  'goods',
  'freight_abroad',
  'freight_rf',
  'insurance',
  'duty',
  'customs_fee',
  'import_vat',
  'broker',
  'lab',
  'storage',
  'bank_fee',
  'other',
] as const;
export type CostKind = (typeof COST_KINDS)[number];

export const COST_KIND_TITLES: Record<CostKind, string> = {
  goods: 'Товар (оплата поставщику)',
  freight_abroad: 'Фрахт за рубежом',
  freight_rf: 'Доставка по России',
  insurance: 'Страхование',
  duty: 'Пошлина',
  customs_fee: 'Таможенный сбор',
  import_vat: 'НДС при ввозе',
  broker: 'Брокер',
  lab: 'Лаборатория и сертификаты',
  storage: 'Хранение',
  bank_fee: 'Комиссия банка',
  other: 'Прочее',
};

export const ALLOCATIONS = ['weight', 'value', 'quantity'] as const;
export type Allocation = (typeof ALLOCATIONS)[number];
export const ALLOCATION_TITLES: Record<Allocation, string> = {
  weight: 'по весу',
  value: 'по стоимости',
  quantity: 'по количеству',
};

export const COST_STATUSES = ['estimate', 'actual'] as const;
export type CostStatus = (typeof COST_STATUSES)[number];
export const COST_STATUS_TITLES: Record<CostStatus, string> = { estimate: 'Оценка', actual: 'Факт' };

/** One cost line as stored on the shipment (the card's table, the API's `costs`). */
export interface CostLine {
  kind: CostKind;
  /** In `currency`, a decimal string. */
  amount: string;
  currency: string;
  /** The day the rate is taken (the payment day, the declaration's day, or a day typed); empty: today's rate. */
  rate_date?: string | null;
  /** A rate typed on the line (rubles for one unit of the currency): a prepayment's or a contract's rate. */
  rate?: string | null;
  /** 'weight' by default; goods are spread by value unless told otherwise. */
  allocation?: Allocation | null;
  /** Only the lots of this product carry the line (duty by its tariff line). */
  product_id?: number | null;
  status: CostStatus;
}

/** The line's allocation as the split reads it. */
export const allocationOf = (line: Pick<CostLine, 'kind' | 'allocation'>): Allocation =>
  line.allocation ?? (line.kind === 'goods' ? 'value' : 'weight');

/** The breakdown of a lot's landed cost, one figure per kind. */
export type Breakdown = Record<CostKind, string>;
