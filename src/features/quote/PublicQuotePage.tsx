// The buyer's quote at /q/{token}: no sign-in, none of the signed-in shell, read-only. It reads
// GET /api/public/quotes/{token}, whose answer holds the lots, amounts, prices with delivery and days only, and the
// lots' documents marked for buyers, downloaded through the token.
import { useParams } from 'react-router';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate, formatFigure, formatNumber } from '../../../domain/format';
import type { LotText } from '../../../domain/offers/lot';
import { lotTitle, QUOTE_STATUS_TITLES, type QuoteStatus } from '../../../domain/quotes/record';
import { usePublicRead } from '../../components/usePublicRead';
import { PublicPage, PublicPending } from '../../components/PublicPage';
import { FiguresTable } from '../../components/FiguresTable';
import { RateNote } from '../../components/RateNote';
import { BuyerDocuments } from '../../components/BuyerDocuments';
import type { BuyerDocument } from '../../../domain/priceList/lines';

const FAILED = 'Не удалось загрузить предложение. Попробуйте позже.';

interface BuyerQuote {
  number: string;
  company: string;
  phone: string | null;
  /** The buyer the quote is made for (its name), if named. */
  buyer: string | null;
  city: string;
  valid_until: string;
  status: QuoteStatus;
  total_sum: string;
  /** 'Цены в рублях по курсу ЦБ на 05.12.2026', or null when no price follows the Bank's rate. */
  rate_note?: string | null;
  /** Each lot by its texts (domain/offers/lot.ts), its amount and price with delivery. */
  lines: (LotText & {
    amount: string;
    kg: string;
    price: string;
    price_per_kg: string;
    delivery_days: number | null;
    /** The lot's documents marked for buyers, served through the token. */
    documents?: BuyerDocument[];
  })[];
}

export default function PublicQuotePage() {
  const { token = '' } = useParams();
  const { data: quote, error } = usePublicRead<BuyerQuote>(`/api/public/quotes/${encodeURIComponent(token)}`, FAILED);
  if (error || !quote) return <PublicPending error={error} />;
  const head = ['Товар', 'Количество', 'Цена за ед., ₽', 'Цена за кг, ₽', 'Срок доставки, дн.', 'Документы'].map(
    (title, i, all) => ({ title, right: i > 0 && i < all.length - 1 }),
  );
  return (
    <PublicPage title={`Предложение № ${quote.number}: ${quote.company}`} maxWidth={1000}>
      {quote.buyer && <Typography sx={{ mb: 0.5 }}>Покупатель: {quote.buyer}</Typography>}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Город доставки: {quote.city} · {QUOTE_STATUS_TITLES[quote.status]} · действует до{' '}
        {formatDate(quote.valid_until)}. Цены указаны с доставкой до города покупателя.
        {quote.phone ? ` Телефон: ${quote.phone}` : ''}
      </Typography>
      <FiguresTable label={`Предложение № ${quote.number}`} head={head}>
        {quote.lines.map((l, i) => (
          <TableRow key={i}>
            <TableCell>{lotTitle(l)}</TableCell>
            <TableCell align="right">
              {formatNumber(l.amount)} {l.unit_measure}
            </TableCell>
            <TableCell align="right">{formatFigure(l.price)}</TableCell>
            <TableCell align="right">{formatFigure(l.price_per_kg)}</TableCell>
            <TableCell align="right">{l.delivery_days ?? '—'}</TableCell>
            <TableCell>
              <BuyerDocuments documents={l.documents} />
            </TableCell>
          </TableRow>
        ))}
      </FiguresTable>
      <RateNote note={quote.rate_note} />
      <Typography sx={{ mt: 2, fontWeight: 600 }}>Итого: {formatFigure(quote.total_sum)} ₽</Typography>
    </PublicPage>
  );
}
