// A УПД's lines as its card shows them: each reserve's goods, amount, prices without VAT, the rate and its sum,
// and for an imported lot its country and declaration number.
import { formatMoney, formatNumber } from '../../../domain/format';
import { VAT_RATE_TITLE } from '../../../domain/papers/lines';
import { UPD_CARD_TEXTS as TEXT } from '../../../domain/upd/screens';
import { LinesTable } from '../../components/Papers/LinesTable';
import type { UpdLineRow } from '../../api/papers';

const cell: Record<(typeof TEXT.lineColumns)[number][0], (l: UpdLineRow) => string> = {
  n: (l) => String(l.n),
  name: (l) => l.name,
  unit_name: (l) => l.unit_name,
  quantity: (l) => formatNumber(l.quantity),
  price: (l) => formatMoney(l.price),
  sum_without_vat: (l) => formatMoney(l.sum_without_vat),
  vat_rate: (l) => VAT_RATE_TITLE[l.vat_rate],
  vat_sum: (l) => formatMoney(l.vat_sum),
  sum_with_vat: (l) => formatMoney(l.sum_with_vat),
  origin: (l) => (l.origin_code ? `${l.origin_short ?? l.origin_code}, ${l.declaration ?? ''}` : ''),
};

export function UpdLines({ lines }: { lines: UpdLineRow[] }) {
  return <LinesTable label={TEXT.lines} columns={TEXT.lineColumns} cell={cell} rows={lines} />;
}
