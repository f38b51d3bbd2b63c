// 'Изменить выбранные': the fields of the section's card that make sense for many records at once
// (domain/bulk.ts, those the role sees), each ticked and given a new value (money also as ±%), a preview of every
// selected row's change worked out as the server will work it (adjustedMoney: half-up to the kopeck), then one
// PATCH /api/{section}. Rows the cards refused are listed with their reasons; the rest are changed.
import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BULK_MSG, adjustedMoney, validPercent, type BulkEditResponse, type BulkField } from '../../../domain/bulk';
import { formatDate, formatMoney, typedNumber } from '../../../domain/format';
import type { ListRow } from '../../../domain/lists';
import { statusTitle, type Section } from '../../../domain/sections';
import { useBulkEditMutation } from '../../api/bulk';
import { errorMessage } from '../../api/errors';
import { useReferenceListQuery, type NamedRef } from '../../api/references';
import { Alert } from '../Alert';

/** One field's choice in the dialog. */
interface Choice {
  on: boolean;
  mode: 'value' | 'percent';
  value: string;
}

const OFF: Choice = { on: false, mode: 'value', value: '' };

export interface BulkEditDialogProps {
  section: Section;
  /** The selected rows as the list shows them (what the preview starts from). */
  rows: ListRow[];
  fields: BulkField[];
  onClose(): void;
  /** Every selected row changed: the list says so. */
  onChanged(text: string): void;
}

/** A percentage as typed ('-2,5'), or null when it is not one the server takes. */
const percentOf = (text: string): number | null => {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && validPercent(n) ? n : null;
};

/** Money or an amount: typed with a comma or a point, sent with a point. */
const isDecimal = (field: BulkField) => field.kind === 'money' || field.kind === 'amount';

const nameOf = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object' && 'name' in (value as object)) return String((value as { name: unknown }).name ?? '—');
  return String(value);
};

/** A value as the preview shows it, in the list's formats. */
function shown(section: Section, field: BulkField, value: unknown, options?: NamedRef[]): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (field.kind) {
    case 'status':
      return statusTitle(section, String(value));
    case 'money':
      return formatMoney(typedNumber(value));
    case 'date':
      return formatDate(String(value));
    case 'reference': {
      if (typeof value === 'object') return nameOf(value);
      return options?.find((o) => o.id === Number(value))?.name ?? String(value);
    }
    default:
      return nameOf(value);
  }
}

function ReferenceInput({
  field,
  value,
  onChange,
  onOptions,
}: {
  field: BulkField;
  value: string;
  onChange(v: string): void;
  onOptions(o: NamedRef[]): void;
}) {
  const list = useReferenceListQuery(field.list!);
  const options = list.data ?? [];
  useEffect(() => {
    if (list.data) onOptions(list.data);
  }, [list.data, onOptions]);
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={field.label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function FieldInput({
  field,
  choice,
  onChange,
  onOptions,
}: {
  field: BulkField;
  choice: Choice;
  onChange(c: Choice): void;
  onOptions(o: NamedRef[]): void;
}) {
  const setValue = (value: string) => onChange({ ...choice, value });
  if (field.kind === 'status') {
    return (
      <TextField
        select
        size="small"
        fullWidth
        label={field.label}
        value={choice.value}
        onChange={(e) => setValue(e.target.value)}
      >
        {(field.options ?? []).map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.title}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (field.kind === 'reference')
    return <ReferenceInput field={field} value={choice.value} onChange={setValue} onOptions={onOptions} />;
  const percent = choice.mode === 'percent';
  const badPercent = percent && choice.value.trim() !== '' && percentOf(choice.value) === null;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      {field.adjustable && (
        <RadioGroup
          row
          value={choice.mode}
          onChange={(e) => onChange({ ...choice, mode: e.target.value as Choice['mode'], value: '' })}
          aria-label={`${field.label}: как изменить`}
        >
          <FormControlLabel value="value" control={<Radio size="small" />} label={BULK_MSG.asValue} />
          <FormControlLabel value="percent" control={<Radio size="small" />} label={BULK_MSG.asPercent} />
        </RadioGroup>
      )}
      <TextField
        size="small"
        fullWidth
        label={percent ? `${field.label}: ${BULK_MSG.percentLabel}` : field.label}
        type={field.kind === 'date' ? 'date' : 'text'}
        slotProps={{
          inputLabel: field.kind === 'date' ? { shrink: true } : undefined,
          htmlInput: { inputMode: isDecimal(field) || percent ? 'decimal' : undefined },
        }}
        value={choice.value}
        error={badPercent}
        helperText={badPercent ? BULK_MSG.badPercent : undefined}
        onChange={(e) => setValue(e.target.value)}
      />
    </Box>
  );
}

export function BulkEditDialog({ section, rows, fields, onClose, onChanged }: BulkEditDialogProps) {
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [options, setOptions] = useState<Record<string, NamedRef[]>>({});
  const [result, setResult] = useState<BulkEditResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [bulkEdit, { isLoading: sending }] = useBulkEditMutation();

  const choiceOf = (key: string) => choices[key] ?? OFF;
  const chosen = fields.filter((f) => choiceOf(f.key).on);
  // a chosen field without a value (a text may be emptied on purpose: it clears it) or with a bad percentage
  const ready =
    chosen.length > 0 &&
    chosen.every((f) => {
      const c = choiceOf(f.key);
      if (c.mode === 'percent') return percentOf(c.value) !== null;
      return f.kind === 'text' || c.value !== '';
    });

  /** The value a row will have: the typed one, or its own moved by the percentage. */
  const after = (row: ListRow, field: BulkField): unknown => {
    const c = choiceOf(field.key);
    if (c.mode === 'percent') {
      const p = percentOf(c.value);
      return p === null ? row[field.column ?? field.key] : adjustedMoney(row[field.key] as string | number | null, p);
    }
    return c.value;
  };

  const preview = useMemo(
    () =>
      rows.flatMap((row) =>
        chosen.map((field) => ({
          id: row.id,
          field,
          before: shown(section, field, row[field.column ?? field.key]),
          after: shown(section, field, after(row, field), options[field.key]),
        })),
      ), // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, choices, options, section],
  );

  const apply = async () => {
    const set: Record<string, string | null> = {};
    const adjust: Record<string, number> = {};
    for (const field of chosen) {
      const c = choiceOf(field.key);
      if (c.mode === 'percent') adjust[field.key] = percentOf(c.value)!;
      // money typed with the Russian comma goes as the API takes it: '1200,50' → '1200.50'
      else set[field.key] = c.value === '' ? null : isDecimal(field) ? typedNumber(c.value) : c.value;
    }
    setFailure(null);
    try {
      const answer = await bulkEdit({
        section,
        ids: rows.map((r) => r.id),
        set,
        ...(Object.keys(adjust).length && { adjust }),
      }).unwrap();
      if (answer.refused.length === 0) onChanged(BULK_MSG.changed(section, answer.changed));
      else setResult(answer);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const setChoice = (key: string, next: Choice) => setChoices((all) => ({ ...all, [key]: next }));
  const keepOptions = useMemo(
    () =>
      Object.fromEntries(
        fields.map((f) => [
          f.key,
          (list: NamedRef[]) => setOptions((all) => (all[f.key] === list ? all : { ...all, [f.key]: list })),
        ]),
      ),
    [fields],
  );

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="bulk-edit-title">
      <DialogTitle id="bulk-edit-title">{BULK_MSG.title(rows.length)}</DialogTitle>
      <DialogContent>
        {result ? (
          <>
            <Alert severity={result.changed ? 'warning' : 'error'} closable={false}>
              {result.warning ?? result.message ?? BULK_MSG.noneChanged}
            </Alert>
            <Typography variant="subtitle2" sx={{ mt: 1 }}>
              {BULK_MSG.refusedHead}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="bulk-refused">
              {result.refused.map((r) => (
                <li key={r.id}>{BULK_MSG.refusedRow(r.id, r.reason)}</li>
              ))}
            </Box>
          </>
        ) : (
          <>
            <DialogContentText sx={{ mb: 1 }}>{BULK_MSG.chooseFields}</DialogContentText>
            {failure && (
              <Alert severity="error" onClose={() => setFailure(null)}>
                {failure}
              </Alert>
            )}
            <Box sx={{ display: 'grid', gap: 1 }}>
              {fields.map((field) => {
                const c = choiceOf(field.key);
                return (
                  <Box
                    key={field.key}
                    sx={{ display: 'grid', gridTemplateColumns: '240px 1fr', alignItems: 'center', gap: 2 }}
                  >
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={c.on}
                          onChange={(e) => setChoice(field.key, { ...c, on: e.target.checked })}
                        />
                      }
                      label={field.label}
                    />
                    {c.on ? (
                      <FieldInput
                        field={field}
                        choice={c}
                        onChange={(next) => setChoice(field.key, next)}
                        onOptions={keepOptions[field.key]}
                      />
                    ) : (
                      <span />
                    )}
                  </Box>
                );
              })}
            </Box>
            {chosen.length > 0 && (
              <>
                <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
                  {BULK_MSG.preview}
                </Typography>
                <Box
                  sx={{ maxHeight: 280, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
                  tabIndex={0}
                  role="region"
                  aria-label={BULK_MSG.preview}
                >
                  <Box
                    component="table"
                    sx={{
                      width: '100%',
                      borderCollapse: 'collapse',
                      '& th, & td': {
                        p: '4px 8px',
                        textAlign: 'left',
                        borderBottom: 1,
                        borderColor: 'divider',
                        fontSize: 14,
                      },
                    }}
                    data-testid="bulk-preview"
                  >
                    <thead>
                      <tr>
                        <th scope="col">{BULK_MSG.previewRecord}</th>
                        <th scope="col">{BULK_MSG.previewField}</th>
                        <th scope="col">{BULK_MSG.previewBefore}</th>
                        <th scope="col">{BULK_MSG.previewAfter}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {preview.map((p) => (
                        <tr key={`${p.id}-${p.field.key}`}>
                          <td>№ {p.id}</td>
                          <td>{p.field.label}</td>
                          <td>{p.before}</td>
                          <td>{p.after}</td>
                        </tr>
                      ))}
                    </tbody>
                  </Box>
                </Box>
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          <Button variant="contained" onClick={onClose}>
            Закрыть
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{BULK_MSG.cancel}</Button>
            <Button variant="contained" onClick={apply} disabled={!ready || sending}>
              {BULK_MSG.apply}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
