// A saved quote on its own page (/quotes/{id}), opened from 'Котировки'.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { QUOTES_LIST_TEXTS as TEXT, SAVED_QUOTE_TEXTS as SAVED } from '../../../domain/quotes/texts';
import { PageTitle } from '../../components/PageTitle';
import { PageSpinner } from '../../components/Spinner';
import { Alert } from '../../components/Alert';
import { errorMessage } from '../../api/errors';
import { useQuoteQuery, type QuoteCard } from './quoteApi';
import { SavedQuote } from './SavedQuote';

export default function QuoteCardPage() {
  const id = Number(useParams().id);
  const card = useQuoteQuery(id, { refetchOnMountOrArgChange: true });
  // what a step on the card answered (a revoked link, a reserve): newer than the read
  const [changed, setChanged] = useState<QuoteCard | null>(null);
  const quote = changed?.id === id ? changed : card.data;
  return (
    <Box>
      <PageTitle title={SAVED.number(id)} />
      <Button component={Link} to="/quotes">
        {TEXT.back}
      </Button>
      {card.isLoading && <PageSpinner />}
      {card.error && (
        <Alert severity="error" closable={false}>
          {errorMessage(card.error)}
        </Alert>
      )}
      {quote && <SavedQuote key={quote.id} quote={quote} onChange={setChanged} />}
    </Box>
  );
}
