// A change refused because another user wrote the record since the form was loaded (409 'stale'): what the user
// typed stays in the form; the alert says who changed the record and when, 'Показать изменения' lays the user's
// values beside the current ones for the fields the user changed (never a field it did not touch), and
// 'Загрузить текущую версию' puts the current record (and its version) in the form, asking first when that throws
// away what was typed. Values are printed as the 'История' tab prints them (domain/history.ts).
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { HISTORY_FIELDS, HISTORY_TEXTS, valueText, type HistoryField, type NamedValue } from '../../../domain/history';
import { formatDateTime, typedNumber } from '../../../domain/format';
import { toNumber } from '../../../domain/numbers';
import { changedFieldTitles, staleText } from '../../../domain/versions';
import type { Section } from '../../../domain/sections';
import type { StaleRecord } from '../../api/errors';
import { useReferenceListQuery } from '../../api/references';
import { Alert } from '../Alert';

export const STALE_TEXTS = {
  show: 'Показать изменения',
  hide: 'Скрыть изменения',
  load: 'Загрузить текущую версию',
  table: 'Изменения записи',
  field: 'Поле',
  yours: 'Ваше значение',
  current: 'Текущее значение',
  discardTitle: 'Загрузить текущую версию?',
  discardText: (fields: string[]) =>
    `Ваши несохраненные изменения будут заменены текущей версией записи: ${fields.join(', ')}.`,
  discard: 'Загрузить',
  keep: 'Отмена',
} as const;

/** 'Запись изменена другим пользователем: Мария Иванова, 25.11.2026 15:34. Изменено: Цена за единицу, ₽' (who,
 * when and what, as far as known; the fields by the titles the server named, else by the history's own). */
export function staleMessage(
  message: string,
  stale: Pick<StaleRecord, 'by' | 'at' | 'changes' | 'fields'>,
  section?: Section,
): string {
  const fields =
    stale.fields ??
    (section ? changedFieldTitles(stale.changes ?? [], (field) => HISTORY_FIELDS[section][field]?.title) : []);
  return staleText(message, [stale.by, formatDateTime(stale.at)], fields);
}

/** One field compared: the user's value and the current one, each as the record or the form holds it. */
export interface StaleRow {
  field: string;
  yours: unknown;
  current: unknown;
}

const isNamed = (v: unknown): v is NamedValue => typeof v === 'object' && v !== null && 'id' in v;
const blank = (v: unknown) => v === null || v === undefined || v === '';
/** A value reduced to what tells two apart: a reference by its id, a number by its value ('320' is '320.00'). */
const sameAs = (v: unknown) =>
  blank(v)
    ? ''
    : isNamed(v)
      ? String(v.id)
      : toNumber(v as string) !== null
        ? String(toNumber(v as string))
        : String(v);
/** A form's number as the history's formats read it: typed or shown with the Russian comma, read with a point
 * ('999,5' → '999.5'); anything else as it is. */
const readable = (v: unknown) => (typeof v === 'string' && toNumber(v) !== null ? typedNumber(v) : v);

/**
 * The fields to lay side by side: those the user changed in the form (its value differs from the one it
 * was loaded with), both changed first in the server's order, then the user's own. A field only another user
 * changed is not the user's value: the message names it. The current value is the record read again, until it has
 * come the server's last change of the field, else what the user was shown.
 */
export function staleRows(
  stale: StaleRecord,
  yours: Record<string, unknown>,
  initial: Record<string, unknown>,
  current?: Record<string, unknown>,
): StaleRow[] {
  const latest = new Map<string, unknown>();
  for (const change of stale.changes) latest.set(change.field, change.new);
  const touched = (field: string) =>
    typeof yours[field] === 'string' && sameAs(yours[field]) !== sameAs(initial[field]);
  const fields = [...new Set([...latest.keys(), ...Object.keys(yours)])].filter(touched);
  return fields.map((field) => ({
    field,
    yours: readable(yours[field]),
    current: readable(current ? current[field] : latest.has(field) ? latest.get(field) : initial[field]),
  }));
}

/** The names the changes carry for references ({id, name}), by field and id. */
function namesOf(stale: StaleRecord): Map<string, string> {
  const names = new Map<string, string>();
  for (const change of stale.changes) {
    for (const v of [change.old, change.new]) if (isNamed(v) && v.name) names.set(`${change.field}:${v.id}`, v.name);
  }
  return names;
}

function PlainValue({ section, field, value }: { section: Section; field: HistoryField; value: unknown }) {
  const unit = field.format === 'money' && !blank(value) ? ' ₽' : '';
  return <>{`${valueText(section, field, value)}${unit}`}</>;
}

/** A reference by its name: from the changes, else from the select's list the card has read. */
function RefValue({
  section,
  field,
  value,
  names,
}: {
  section: Section;
  field: HistoryField;
  value: unknown;
  names: Map<string, string>;
}) {
  const list = useReferenceListQuery(field.ref!, { skip: blank(value) });
  if (blank(value)) return <>{HISTORY_TEXTS.blank}</>;
  const id = isNamed(value) ? value.id : Number(value);
  const name =
    (isNamed(value) ? value.name : null) ??
    names.get(`${field.key}:${id}`) ??
    list.data?.find((item) => item.id === id)?.name ??
    null;
  return <>{valueText(section, field, { id, name })}</>;
}

function Value({
  section,
  field,
  value,
  names,
}: {
  section: Section;
  field: string;
  value: unknown;
  names: Map<string, string>;
}) {
  const known = HISTORY_FIELDS[section][field];
  if (!known) return <>{blank(value) ? HISTORY_TEXTS.blank : String(value)}</>;
  if (known.format === 'ref' && known.ref)
    return <RefValue section={section} field={known} value={value} names={names} />;
  return <PlainValue section={section} field={known} value={value} />;
}

export interface StaleAlertProps {
  section: Section;
  /** The server's message: 'Запись изменена другим пользователем'. */
  message: string;
  stale: StaleRecord;
  /** The form's values, as the user typed them. */
  yours: Record<string, unknown>;
  /** The form's values as the record was loaded into it: what the user changed is told from them. */
  initial: Record<string, unknown>;
  /** The form's values of the current record, once it has been read again. */
  current?: Record<string, unknown>;
  /** Puts the current record in the form; none until it has come. */
  onLoad?(): void;
  onClose(): void;
}

export function StaleAlert({ section, message, stale, yours, initial, current, onLoad, onClose }: StaleAlertProps) {
  const [shown, setShown] = useState(false);
  const [asking, setAsking] = useState(false);
  const names = namesOf(stale);
  const rows = staleRows(stale, yours, initial, current);
  const title = (field: string) => HISTORY_FIELDS[section][field]?.title ?? field;
  // nothing typed is lost: loaded at once; else asked first
  const load = () => (rows.length ? setAsking(true) : onLoad?.());
  return (
    <>
      <Alert
        severity="error"
        onClose={onClose}
        action={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {rows.length > 0 && (
              <Button color="inherit" size="small" aria-expanded={shown} onClick={() => setShown((on) => !on)}>
                {shown ? STALE_TEXTS.hide : STALE_TEXTS.show}
              </Button>
            )}
            <Button color="inherit" size="small" variant="outlined" disabled={!onLoad} onClick={load}>
              {STALE_TEXTS.load}
            </Button>
          </Box>
        }
      >
        {staleMessage(message, stale, section)}
        {shown && rows.length > 0 && (
          <Table size="small" aria-label={STALE_TEXTS.table} sx={{ mt: 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>{STALE_TEXTS.field}</TableCell>
                <TableCell>{STALE_TEXTS.yours}</TableCell>
                <TableCell>{STALE_TEXTS.current}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.field}>
                  <TableCell component="th" scope="row">
                    {title(row.field)}
                  </TableCell>
                  <TableCell>
                    <Value section={section} field={row.field} value={row.yours} names={names} />
                  </TableCell>
                  <TableCell>
                    <Value section={section} field={row.field} value={row.current} names={names} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Alert>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="stale-discard-title">
        <DialogTitle id="stale-discard-title">{STALE_TEXTS.discardTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{STALE_TEXTS.discardText(rows.map((row) => title(row.field)))}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{STALE_TEXTS.keep}</Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => {
              setAsking(false);
              onLoad?.();
            }}
          >
            {STALE_TEXTS.discard}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
