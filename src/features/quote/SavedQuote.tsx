// A saved quote, on 'Подбор' once saved and on its own page from 'Котировки': its number, status, date
// and sum; the text to copy, the PDF and the buyer's link; one click to its reserves; its history.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDate, formatDateTime, formatFigure } from '../../../domain/format';
import {
  QUOTE_HISTORY_TEXTS as HISTORY,
  quoteChangeText,
  QUOTE_PDF_TEXTS as PDF,
  QUOTE_TEXTS as TEXT,
  SAVED_QUOTE_TEXTS as SAVED,
} from '../../../domain/quotes/texts';
import { QUOTE_STATUS_TITLES } from '../../../domain/quotes/record';
import { hasFinance } from '../../../domain/buyers/credit';
import { QUOTE_BUYER } from '../../../domain/quotes/buyer';
import {
  RESERVE_BUYER,
  RESERVE_BUYER_FIELDS,
  type ReserveBuyer,
  type ReserveBuyerKey,
} from '../../../domain/reserves/buyerFields';
import { Alert } from '../../components/Alert';
import { errorMessage, isApiError } from '../../api/errors';
import { staleMessage } from '../../components/Card/StaleAlert';
import { usePermissionsQuery } from '../../api/session';
import { useAppSelector } from '../../api/hooks';
import { selectToken } from '../../api/auth';
import { downloadFile } from '../../components/useAuthorizedUrl';
import { RecordComments } from '../../components/Card/RecordComments';
import {
  useChangeQuoteMutation,
  useQuoteHistoryQuery,
  useReserveQuoteMutation,
  useRevokeQuoteLinkMutation,
  type QuoteCard,
} from './quoteApi';
import { BuyerPicker } from '../buyers/BuyerPicker';
import { RateNote } from '../../components/RateNote';

/** A quote the margins' check marked after a new rate (its held price at today's cost). */
const MARGIN_AT_RISK = 'Маржа под риском: по новому курсу ЦБ маржа ниже минимальной или курс изменился сверх порога';

/** The quote's history: who made it, changed it, revoked its link, reserved it, and when. */
function QuoteHistory({ quote }: { quote: QuoteCard }) {
  const { data } = useQuoteHistoryQuery({ id: quote.id, version: quote.version, revoked: quote.link_revoked });
  if (!data) return null;
  return (
    <Box component="section" aria-label={HISTORY.title}>
      <Typography variant="subtitle2" component="p">
        {HISTORY.title}
      </Typography>
      {data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {HISTORY.empty}
        </Typography>
      )}
      {data.map((h, i) => (
        <Typography key={i} variant="body2" data-history={h.action}>
          {formatDateTime(h.at)} · {h.user ?? '—'}:{' '}
          {h.action === 'update' ? h.changes.map(quoteChangeText).filter(Boolean).join('; ') : HISTORY[h.action]}
        </Typography>
      ))}
    </Box>
  );
}

/** The reserve form's buyer fields' widths. */
const BUYER_WIDTH: Record<ReserveBuyerKey, number> = {
  [RESERVE_BUYER.name]: 240,
  [RESERVE_BUYER.phone]: 200,
  [RESERVE_BUYER.address]: 300,
};

/** The reserve's buyer as the form starts: the quote's name, no phone, no address. */
const buyerOf = (quote: QuoteCard) =>
  Object.fromEntries(
    RESERVE_BUYER_FIELDS.map(({ key }) => [key, key === QUOTE_BUYER ? (quote[QUOTE_BUYER] ?? '') : '']),
  ) as ReserveBuyer;

/** A saved quote: its number, status and date; the text to copy, the buyer's link; one click to its reserves. */
export function SavedQuote({ quote, onChange }: { quote: QuoteCard; onChange: (q: QuoteCard) => void }) {
  const [buyer, setBuyer] = useState(() => buyerOf(quote));
  const [reason, setReason] = useState('');
  const [overCredit, setOverCredit] = useState(false);
  const { data: perms } = usePermissionsQuery();
  const token = useAppSelector(selectToken);
  const [reserve, reserving] = useReserveQuoteMutation();
  const [revoke] = useRevokeQuoteLinkMutation();
  const [change, changing] = useChangeQuoteMutation();
  // 'Сменить покупателя': another buyer from 'Покупатели' in the quote's city, while it is valid
  const [newBuyer, setNewBuyer] = useState<{ id: number; name: string } | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const run = async (step: () => Promise<string>) => {
    setNotice(null);
    try {
      setNotice({ severity: 'success', text: await step() });
    } catch (e) {
      // the buyer's credit refused it (409 'credit'): a user with the right may go ahead with a reason
      setOverCredit(isApiError(e) && Boolean(e.credit) && hasFinance(perms));
      // a quote changed meanwhile says who, when and what
      setNotice({
        severity: 'error',
        text: isApiError(e) && e.stale ? staleMessage(e.message, e.stale) : errorMessage(e),
      });
    }
  };
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, my: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
      aria-label={SAVED.number(quote.number)}
      component="section"
    >
      <Typography variant="h2" sx={{ fontSize: 18 }}>
        {SAVED.number(quote.number)} · {QUOTE_STATUS_TITLES[quote.status]} · {SAVED.validUntil}{' '}
        {formatDate(quote.valid_until)} · {formatFigure(quote.total_sum)} ₽
      </Typography>
      <Typography variant="body2">{SAVED.publicNumber(quote.public_number)}</Typography>
      {quote.margin_at_risk && (
        <Alert severity="warning" closable={false}>
          {MARGIN_AT_RISK}
        </Alert>
      )}
      <RateNote note={quote.rate_note} />
      <TextField
        label="Текст для покупателя"
        value={quote.text}
        multiline
        minRows={3}
        slotProps={{ input: { readOnly: true } }}
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() =>
            run(async () => {
              await navigator.clipboard.writeText(quote.text);
              return SAVED.copied;
            })
          }
        >
          {SAVED.copy}
        </Button>
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {SAVED.link}:{' '}
          {quote.link_revoked ? (
            `${quote.url} (${SAVED.revoked})`
          ) : (
            <a href={quote.url} target="_blank" rel="noreferrer">
              {quote.url}
            </a>
          )}
        </Typography>
        <Button
          variant="outlined"
          onClick={() =>
            run(async () => {
              await downloadFile(`/api/quotes/${quote.id}/pdf`, PDF.file(quote.public_number), token);
              return PDF.downloaded;
            })
          }
        >
          {PDF.download}
        </Button>
        {!quote.link_revoked && quote.can_change && (
          <Button
            color="error"
            onClick={() =>
              run(async () => {
                onChange(await revoke({ id: quote.id, version: quote.version }).unwrap());
                return SAVED.revoked;
              })
            }
          >
            {SAVED.revoke}
          </Button>
        )}
      </Box>
      {!quote.can_change && <Alert severity="warning">{SAVED.othersQuote}</Alert>}
      {quote.status === 'active' && quote.can_change && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Box sx={{ width: 420 }}>
            <BuyerPicker
              label={SAVED.newBuyer}
              value={newBuyer}
              onPick={(b) => setNewBuyer(b ? { id: b.id, name: b.name } : null)}
            />
          </Box>
          <Button
            variant="outlined"
            disabled={!newBuyer || newBuyer.id === quote.buyer_id || changing.isLoading}
            onClick={() =>
              run(async () => {
                const changed = await change({ id: quote.id, version: quote.version, buyer_id: newBuyer!.id }).unwrap();
                onChange(changed);
                setBuyer((typed) => ({ ...typed, [QUOTE_BUYER]: changed[QUOTE_BUYER] ?? '' }));
                setNewBuyer(null);
                return SAVED.buyerChanged(changed[QUOTE_BUYER] ?? '');
              })
            }
          >
            {SAVED.changeBuyer}
          </Button>
        </Box>
      )}
      {quote.status === 'active' && quote.can_change && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          {RESERVE_BUYER_FIELDS.map(({ key, label }) => (
            <TextField
              key={key}
              size="small"
              label={label}
              value={buyer[key]}
              sx={{ width: BUYER_WIDTH[key] }}
              onChange={(e) => setBuyer((typed) => ({ ...typed, [key]: e.target.value }))}
              // a buyer from 'Покупатели' names the quote: its name is changed with 'Сменить покупателя'
              {...(key === QUOTE_BUYER && { slotProps: { input: { readOnly: quote.buyer_id !== null } } })}
            />
          ))}
          <Button
            variant="contained"
            disabled={reserving.isLoading}
            onClick={() =>
              run(async () => {
                const made = await reserve({
                  id: quote.id,
                  version: quote.version,
                  ...buyer,
                  ...(overCredit && reason.trim() ? { credit_override: { reason: reason.trim() } } : {}),
                }).unwrap();
                onChange(made.quote);
                return SAVED.reserved(made.reserve_ids);
              })
            }
          >
            {TEXT.reserve}
          </Button>
          {overCredit && (
            <TextField
              size="small"
              label={TEXT.reason}
              value={reason}
              sx={{ width: 300 }}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Box>
      )}
      {notice && (
        <Alert severity={notice.severity} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      <QuoteHistory quote={quote} />
      <Box component="section" aria-label={SAVED.comments}>
        <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
          {SAVED.comments}
        </Typography>
        <RecordComments
          section="quotes"
          recordId={quote.id}
          draft={[]}
          onDraftChange={() => undefined}
          canAddComment
          onError={(e) => setNotice(e ? { severity: 'error', text: errorMessage(e) } : null)}
        />
      </Box>
    </Paper>
  );
}
