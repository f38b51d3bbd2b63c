// The filter panel 'Фильтр' (spec point 2): the section's filter config as fields over a draft; 'Очистить'
// empties the draft, 'Применить' applies it, 'Сохранить' applies and stores it as the user's default.
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import type { FilterConfig, FilterConfigEntry, FilterState, FilterValue } from '../../../domain/lists';
import { Alert } from '../Alert';
import { Spinner } from '../Spinner';
import {
  BooleanFilter,
  DateRangeFilter,
  EnumerationFilter,
  MultipleFilter,
  NumberRangeFilter,
  StatusFilter,
  TextFilter,
  isInverted,
  type FieldProps,
} from './fields';

export interface FilterPanelProps {
  open: boolean;
  onClose(): void;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  errorMessage?: string;
  config?: FilterConfig;
  value: FilterState;
  onApply(next: FilterState): void;
  /** 'Сохранить': applies and stores the filter as the user's default; a list without saved filters has none. */
  onSave?(next: FilterState): void;
}

function Field(props: FieldProps) {
  switch (props.entry.type) {
    case 'string':
    case 'address':
      return <TextFilter {...props} />;
    case 'boolean':
      return <BooleanFilter {...props} />;
    case 'enumeration':
      return <EnumerationFilter {...props} />;
    case 'multiple':
      return <MultipleFilter {...props} />;
    case 'status':
      return <StatusFilter {...props} />;
    case 'currency':
      return <NumberRangeFilter {...props} currency />;
    case 'number':
      return <NumberRangeFilter {...props} />;
    case 'date':
      return <DateRangeFilter {...props} />;
    default:
      return null;
  }
}

export function FilterPanel({ open, onClose, status, errorMessage, config, value, onApply, onSave }: FilterPanelProps) {
  const [draft, setDraft] = useState<FilterState>(value);
  // fields holding text of their own (typed ids) start afresh when the draft is replaced
  const [generation, setGeneration] = useState(0);
  // every opening starts from the filter that is applied now
  useEffect(() => {
    if (open) {
      setDraft(value);
      setGeneration((g) => g + 1);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const entries = Object.entries(config ?? {}).filter(([, entry]) => !entry.isForbidden) as [
    string,
    FilterConfigEntry,
  ][];
  const invalid = entries.some(([key, entry]) => isInverted(entry.type, draft[key]));
  const set = (key: string, next: FilterValue | undefined) =>
    setDraft((d) => {
      const copy = { ...d };
      if (next === undefined) delete copy[key];
      else copy[key] = next;
      return copy;
    });

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 440, maxWidth: '100vw' } } }}
    >
      <Box role="dialog" aria-label="Фильтр" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="h2" component="h2" sx={{ flexGrow: 1 }}>
            Фильтр
          </Typography>
          <IconButton aria-label="Закрыть" onClick={onClose}>
            <Close />
          </IconButton>
        </Box>
        <Box
          sx={{
            flexGrow: 1,
            overflowY: 'auto',
            p: 2,
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr)',
            gap: 2,
            alignContent: 'start',
          }}
        >
          {status === 'loading' || status === 'idle' ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Spinner size={20} /> LOADING
            </Box>
          ) : status === 'failed' ? (
            <>
              <Typography>ERROR</Typography>
              {errorMessage && (
                <Alert severity="error" closable={false}>
                  {errorMessage}
                </Alert>
              )}
            </>
          ) : entries.length === 0 ? (
            <Typography color="text.secondary">Здесь ничего нет</Typography>
          ) : (
            entries.map(([key, entry]) => (
              <Field
                key={`${key}-${generation}`}
                name={key}
                entry={entry}
                value={draft[key]}
                onChange={(v) => set(key, v)}
              />
            ))
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, p: 2, borderTop: 1, borderColor: 'divider' }}>
          <Button
            onClick={() => {
              setDraft({});
              setGeneration((g) => g + 1);
            }}
          >
            Очистить
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            variant="outlined"
            disabled={invalid}
            onClick={() => {
              onApply(draft);
              onClose();
            }}
          >
            Применить
          </Button>
          {onSave && (
            <Button
              variant="contained"
              disabled={invalid}
              onClick={() => {
                onSave(draft);
                onClose();
              }}
            >
              Сохранить
            </Button>
          )}
        </Box>
      </Box>
    </Drawer>
  );
}
