// An invoice's lines as its card shows them (goods, amount, price with VAT, the rate and its sum, the total) and
// under them the totals: the sum, the VAT inside it, what its payments have paid and what is left, the sum in words.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMoney, formatNumber } from '../../../domain/format';
import { moneyText, scaled, VAT_RATE_TITLE } from '../../../domain/papers/lines';
import { INVOICE_CARD_TEXTS as TEXT } from '../../../domain/invoices/screens';
import { LinesTable } from '../../components/Papers/LinesTable';
import type { InvoiceCard, InvoiceRow } from './invoicesApi';

type Line = NonNullable<InvoiceRow['lines']>[number];

const cell: Record<(typeof TEXT.lineColumns)[number][0], (l: Line) => string> = {
  n: (l) => String(l.n),
  name: (l) => l.name,
  amount: (l) => formatNumber(l.amount),
  unit_name: (l) => l.unit_name,
  price: (l) => formatMoney(l.price),
  vat_rate: (l) => VAT_RATE_TITLE[l.vat_rate],
  vat_sum: (l) => formatMoney(l.vat_sum),
  total: (l) => formatMoney(l.total),
};

export function InvoiceLines({ invoice }: { invoice: InvoiceCard }) {
  const left = scaled(invoice.total, 2) - scaled(invoice.paid_sum, 2);
  const totals: [string, string][] = [
    [TEXT.total, formatMoney(invoice.total)],
    [TEXT.vat, formatMoney(invoice.vat_sum)],
    [TEXT.paid, formatMoney(invoice.paid_sum)],
  ];
  if (invoice.status === 'active') totals.push([TEXT.left, formatMoney(moneyText(left > 0n ? left : 0n))]);
  return (
    <>
      <LinesTable label={TEXT.lines} columns={TEXT.lineColumns} cell={cell} rows={invoice.lines ?? []} />
      <Box sx={{ mt: 1, display: 'grid', justifyItems: 'end', gap: 0.25 }} data-testid="invoice-totals">
        {totals.map(([title, value]) => (
          <Typography key={title}>
            {title}: {value}
          </Typography>
        ))}
        <Typography variant="body2" color="text.secondary">
          {invoice.words}
        </Typography>
      </Box>
    </>
  );
}
