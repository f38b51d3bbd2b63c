// An open card whose record another user changed meanwhile (the live stream read it again with a newer version):
// 'Запись изменена пользователем {name} в {time}' with 'Обновить', which loads the current version into the form.
// Until then the form keeps what the user typed, and a save would answer 'stale' (StaleAlert) as before.
import Button from '@mui/material/Button';
import dayjs from 'dayjs';
import type { Section } from '../../../domain/sections';
import { useHistoryQuery } from '../../api/records';
import { Alert } from '../Alert';

export const CHANGED_TEXTS = {
  changed: (name: string | null, time: string) =>
    name ? `Запись изменена пользователем ${name} в ${time}` : `Запись изменена другим пользователем в ${time}`,
  refresh: 'Обновить',
} as const;

/** 15:34 today, 24.11.2026 15:34 another day. */
const timeOf = (at: string | undefined) => {
  const t = at ? dayjs(at) : dayjs();
  return t.isSame(dayjs(), 'day') ? t.format('HH:mm') : t.format('DD.MM.YYYY HH:mm');
};

export function ChangedAlert({ section, id, onRefresh }: { section: Section; id: number; onRefresh(): void }) {
  // the newest history entry says who and when (the history is read again with the record)
  const { data } = useHistoryQuery({ section, id });
  const last = data?.[0];
  return (
    <Alert
      severity="warning"
      closable={false}
      action={
        <Button color="inherit" size="small" onClick={onRefresh}>
          {CHANGED_TEXTS.refresh}
        </Button>
      }
    >
      {CHANGED_TEXTS.changed(last?.user?.name ?? null, timeOf(last?.at))}
    </Alert>
  );
}
