// A saved card's 'История' tab: who changed what and when, newest first, as the server answers it for the reader
// (GET /api/{section}/{id}/history, hidden fields already left out), printed in Russian by domain/history.ts:
// 'Цена за единицу: 250,00 → 300,00 ₽', 'Создано', 'Удалено', 'Резерв № 12 завершен'.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { HISTORY_TEXTS, entryHeading, entryLines } from '../../../domain/history';
import type { Section } from '../../../domain/sections';
import { useHistoryQuery } from '../../api/records';
import { errorMessage } from '../../api/errors';
import { Alert } from '../Alert';
import { Spinner } from '../Spinner';

export interface RecordHistoryProps {
  section: Section;
  recordId: number;
  /** The record is deleted: its history is read as its card is, with ?withDeleted. */
  deleted?: boolean;
}

export function RecordHistory({ section, recordId, deleted }: RecordHistoryProps) {
  // opened again, the tab reads what happened since (a reserve completed elsewhere moves this offer's stock)
  const history = useHistoryQuery({ section, id: recordId, withDeleted: deleted }, { refetchOnMountOrArgChange: true });
  if (history.isLoading) return <Spinner />;
  if (history.error)
    return (
      <Alert severity="error" closable={false}>
        {errorMessage(history.error)}
      </Alert>
    );
  const entries = history.data ?? [];
  if (!entries.length) return <Typography color="text.secondary">{HISTORY_TEXTS.empty}</Typography>;
  return (
    <Box
      component="ol"
      aria-label={HISTORY_TEXTS.tab}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
    >
      {entries.map((entry) => (
        <Box component="li" key={entry.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {entryHeading(entry)}
          </Typography>
          {entryLines(section, entry).map((line, i) => (
            <Typography key={i} variant="body2">
              {line}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}
