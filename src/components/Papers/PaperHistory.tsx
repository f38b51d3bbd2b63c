// A paper's history (an invoice's, a УПД's): when it was made and cancelled, and by whom where the role sees who
// writes a reserve. Read again when the card's version moves (a cancel here, or one heard live).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../domain/format';
import type { PaperHistoryAnswer, PaperHistoryEntry } from '../../api/papers';
import { errorMessage } from '../../api/errors';
import { Alert } from '../Alert';
import { Spinner } from '../Spinner';

export interface PaperHistoryTexts {
  history: string;
  /** What the making of the paper is called ('Выставлен', 'Сформирован'). */
  created: string;
  cancelled: string;
  noHistory: string;
}

/** The history's query as the paper's API holds it, by the paper and its version. */
export type UsePaperHistory = (arg: { id: number; version: number }) => {
  data?: PaperHistoryAnswer;
  error?: unknown;
  isLoading: boolean;
};

const what = (entry: PaperHistoryEntry, texts: PaperHistoryTexts) =>
  entry.action === 'create'
    ? texts.created
    : entry.changes.some((c) => c.field === 'status' && c.new === 'cancelled')
      ? texts.cancelled
      : '';

export function PaperHistory(props: { id: number; version: number; texts: PaperHistoryTexts; use: UsePaperHistory }) {
  const { id, version, texts, use } = props;
  const history = use({ id, version });
  const entries = history.data?.data;
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: 18, mt: 3, mb: 1 }}>
        {texts.history}
      </Typography>
      {history.isLoading && <Spinner />}
      {history.error && (
        <Alert severity="error" closable={false}>
          {errorMessage(history.error)}
        </Alert>
      )}
      {entries && entries.length === 0 && <Typography color="text.secondary">{texts.noHistory}</Typography>}
      {entries && entries.length > 0 && (
        <Box component="ol" aria-label={texts.history} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {entries.map((entry, i) => (
            <Box component="li" key={i} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
              <Typography variant="body2" color="text.secondary">
                {[formatDateTime(entry.at), entry.user].filter(Boolean).join(' · ')}
              </Typography>
              <Typography variant="body2">{what(entry, texts)}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}
