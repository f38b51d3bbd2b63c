// The cost lines as the card's editor holds them (every field as typed, '' where empty) and as a save sends them:
// amounts and rates with a point, empty choices as null, the duty's product as its id. The same lines are checked on
// the card and on the server (domain/shipments/schema.ts checkCostLines), with the same Russian messages.
import { editableNumber, typedNumber } from '../../../domain/format';
import type { CostKind, CostLine, CostStatus } from '../../../domain/shipments/costLines';

export interface CostLineValues {
  kind: CostKind | '';
  amount: string;
  currency: string;
  rate_date: string;
  rate: string;
  allocation: string;
  product_id: string;
  status: CostStatus;
}

export const newCostLine = (): CostLineValues => ({
  kind: '',
  amount: '',
  currency: 'RUB',
  rate_date: '',
  rate: '',
  allocation: '',
  product_id: '',
  status: 'estimate',
});

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A stored line as the editor shows it ('6000.00' → '6000'). */
export const costLineValues = (line: Partial<CostLine>): CostLineValues => ({
  kind: line.kind ?? '',
  amount: editableNumber(line.amount ?? ''),
  currency: line.currency ?? 'RUB',
  rate_date: text(line.rate_date),
  rate: editableNumber(line.rate ?? ''),
  allocation: text(line.allocation),
  product_id: text(line.product_id),
  status: line.status ?? 'estimate',
});

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** A line as a save sends it. */
export const costLinePayload = (line: CostLineValues) => ({
  kind: line.kind,
  amount: typedNumber(line.amount),
  currency: line.currency,
  rate_date: orNull(line.rate_date),
  rate: line.rate.trim() === '' ? null : typedNumber(line.rate),
  allocation: orNull(line.allocation),
  product_id: line.product_id === '' ? null : Number(line.product_id),
  status: line.status,
});
