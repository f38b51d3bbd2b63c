// The frame every record card shares (spec point 2 "Creation cards"): back, a header field, the Save button
// that appears once the form changed ('Сохранить' → 'Создаем...' → the section's success label), the
// server's error with a link to the conflicting record, tabs, a skeleton while loading, and the deleted mark.
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert } from '../Alert';
import { Spinner } from '../Spinner';
import type { ApiError } from '../../api/errors';

export type SaveState = 'idle' | 'sending' | 'success';

export interface CardTab {
  label: string;
  content: ReactNode;
}

export interface CardShellProps {
  header: ReactNode;
  onBack(): void;
  loading?: boolean;
  /** Save shows only once the form has changed (or while it is being sent / just saved). */
  dirty: boolean;
  saveState: SaveState;
  onSave(): void;
  /** 'Создаем...' on a create card. */
  sendingLabel: string;
  /** 'Предложение добавлен' */
  successLabel: string;
  error?: ApiError | null;
  onErrorClose?(): void;
  /** An alert of the card's own in the error's place (a stale change's, with its actions). */
  alert?: ReactNode;
  /** 'Посмотреть предложение' → the link to the conflicting record */
  conflictLabel: string;
  /** '/offers' */
  listPath: string;
  deleted?: boolean;
  deletedText?: string;
  /** 'Восстановить' on a deleted record's card, for a caller with the delete right. */
  restore?: { label: string; busy: boolean; onRestore(): void };
  readOnly?: boolean;
  tabs: CardTab[];
}

export function CardShell(props: CardShellProps) {
  const [tab, setTab] = useState(0);
  const { saveState } = props;
  const showSave = !props.readOnly && (props.dirty || saveState !== 'idle');
  return (
    <Box component="section" aria-busy={props.loading || undefined}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <IconButton aria-label="Назад" onClick={props.onBack}>
          <ArrowBack />
        </IconButton>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {props.loading ? <Skeleton variant="rounded" height={48} /> : props.header}
        </Box>
        {showSave && (
          <Button
            variant="contained"
            size="large"
            onClick={props.onSave}
            disabled={saveState !== 'idle'}
            startIcon={saveState === 'sending' ? <Spinner size={18} /> : undefined}
          >
            {saveState === 'sending' ? props.sendingLabel : saveState === 'success' ? props.successLabel : 'Сохранить'}
          </Button>
        )}
      </Box>
      {props.deleted && (
        <Alert
          severity="warning"
          closable={false}
          action={
            props.restore && (
              <Button
                color="inherit"
                size="small"
                variant="outlined"
                disabled={props.restore.busy}
                onClick={props.restore.onRestore}
                sx={{ alignSelf: 'center' }}
              >
                {props.restore.label}
              </Button>
            )
          }
        >
          {props.deletedText ?? 'Запись удалена и доступна только для просмотра'}
        </Alert>
      )}
      {props.alert}
      {props.error && (
        <Alert
          key={props.error.message}
          severity="error"
          onClose={props.onErrorClose}
          action={
            props.error.entityId ? (
              <Link
                href={`${props.listPath}/${props.error.entityId}?withDeleted`}
                target="_blank"
                rel="noopener"
                sx={{ alignSelf: 'center', mr: 1 }}
              >
                {`${props.conflictLabel}: ${props.error.entityId}`}
              </Link>
            ) : undefined
          }
        >
          {props.error.message}
        </Alert>
      )}
      {props.loading ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={220} />
          <Skeleton variant="rounded" height={140} />
        </Box>
      ) : (
        <>
          <Tabs value={tab} onChange={(e, next: number) => setTab(next)} sx={{ mb: 2 }}>
            {props.tabs.map((t) => (
              <Tab key={t.label} label={t.label} />
            ))}
          </Tabs>
          {props.tabs.map((t, i) => (
            <Box key={t.label} role="tabpanel" hidden={tab !== i}>
              {tab === i && t.content}
            </Box>
          ))}
        </>
      )}
    </Box>
  );
}
