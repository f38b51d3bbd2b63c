// 'Сохранить предложение покупателю' under the answer: the picked lines saved at their prices for the buyer.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { QuoteSearchAnswer } from '../../../domain/quotes/search';
import { QUOTE_TEXTS as TEXT } from '../../../domain/quotes/texts';
import { QUOTE_BUYER, QUOTE_BUYER_TITLE } from '../../../domain/quotes/buyer';
import { Alert } from '../../components/Alert';
import { errorMessage } from '../../api/errors';
import { useCreateQuoteMutation, type QuoteCard } from './quoteApi';

/** 'Сохранить предложение покупателю': the picked lines at their prices, for the buyer named. */
export function SaveQuote({
  answer,
  picked,
  onSaved,
}: {
  answer: QuoteSearchAnswer;
  picked: number[];
  onSaved: (q: QuoteCard) => void;
}) {
  const [buyer, setBuyer] = useState(answer.buyer?.name ?? '');
  const [create, state] = useCreateQuoteMutation();
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    try {
      onSaved(
        await create({
          city_id: answer.city.id,
          ...(answer.buyer ? { buyer_id: answer.buyer.id } : { [QUOTE_BUYER]: buyer.trim() || null }),
          lines: picked.map((n) => ({
            offers: answer.lines[n].offers.map((o) => ({
              offer_id: o.offer_id,
              amount: Number(o.amount),
              unit_price: Number(o.unit_price),
            })),
          })),
        }).unwrap(),
      );
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', my: 2 }}>
      <TextField
        size="small"
        label={QUOTE_BUYER_TITLE}
        value={buyer}
        sx={{ width: 260 }}
        onChange={(e) => setBuyer(e.target.value)}
        slotProps={{ input: { readOnly: Boolean(answer.buyer) } }}
      />
      <Button variant="contained" disabled={!picked.length || state.isLoading} onClick={save}>
        {TEXT.save}
      </Button>
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
