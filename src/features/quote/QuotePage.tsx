// 'Подбор': a buyer on the phone asks for an amount of a product in his city; the page asks the server
// (POST /api/quotes/search) and shows the lots that can serve it, ranked by the delivered price per kg, each with
// its band, margin, route days and earliest delivery; where no single lot has the amount, two or three together as
// one line of its parts. A lot is named by what it is, never by its supplier or loading city.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDate, formatNumber } from '../../../domain/format';
import type { QuoteSearch } from '../../../domain/quotes/search';
import { creditSummary, QUOTE_TEXTS as TEXT } from '../../../domain/quotes/texts';
import { PageTitle } from '../../components/PageTitle';
import { PageSpinner } from '../../components/Spinner';
import { Alert } from '../../components/Alert';
import { errorMessage } from '../../api/errors';
import { useQuoteSearchQuery, type QuoteCard } from './quoteApi';
import { SavedQuote } from './SavedQuote';
import { AskForm } from './QuoteAskForm';
import { Lines } from './QuoteLines';
import { SaveQuote } from './QuoteSave';
import { RateNote } from '../../components/RateNote';
import { rateNote } from '../../../domain/priceList/rateNote';

export default function QuotePage() {
  const [asked, setAsked] = useState<QuoteSearch | null>(null);
  const [picked, setPicked] = useState<number[]>([0]);
  const [saved, setSaved] = useState<QuoteCard | null>(null);
  const answer = useQuoteSearchQuery(asked!, { skip: !asked });
  const ask = (q: QuoteSearch) => {
    setAsked(q);
    setPicked([0]);
  };
  const pick = (n: number) =>
    setPicked((p) => (p.includes(n) ? p.filter((x) => x !== n) : [...p, n].sort((a, b) => a - b)));
  return (
    <Box>
      <PageTitle title={TEXT.title} />
      <AskForm onAsk={ask} />
      {saved && <SavedQuote key={saved.id} quote={saved} onChange={setSaved} />}
      {!asked && <Typography color="text.secondary">{TEXT.askFirst}</Typography>}
      {asked && answer.isFetching && <PageSpinner />}
      {asked && answer.error && !answer.isFetching && (
        <Alert severity="error" closable={false}>
          {errorMessage(answer.error)}
        </Alert>
      )}
      {asked && answer.data && !answer.error && !answer.isFetching && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {answer.data.city.name} · {formatNumber(answer.data.amount)} {answer.data.unit} ·{' '}
            {formatDate(answer.data.date)} · строк: {answer.data.lines.length}
          </Typography>
          {answer.data.buyer?.credit && (
            <Typography variant="body2" sx={{ mb: 1 }} data-field="buyer_credit">
              {creditSummary(answer.data.buyer.name, answer.data.buyer.credit)}
            </Typography>
          )}
          <Lines lines={answer.data.lines} cityId={answer.data.city.id} picked={picked} onPick={pick} />
          <RateNote note={rateNote(answer.data.lines.flatMap((l) => l.offers))} />
          {answer.data.lines.length > 0 && (
            <SaveQuote
              key={answer.data.buyer?.id ?? 0}
              answer={answer.data}
              picked={picked.filter((n) => n < answer.data!.lines.length)}
              onSaved={setSaved}
            />
          )}
        </>
      )}
    </Box>
  );
}
