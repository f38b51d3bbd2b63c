// A card's read-only figures and short lists of related records (an employee's reserves, a supplier's
// offers): labelled values, and a small table whose first column links to each record.
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TextField from '@mui/material/TextField';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ColumnDef } from '../../../domain/lists';
import { formatDate, formatFigure, formatMoney, formatNumber } from '../../../domain/format';
import { SECTION, statusTitle, type Section } from '../../../domain/sections';
import { useListQuery } from '../../api/lists';
import { InfoBlock } from './InfoBlock';

export interface Figure {
  label: string;
  value: string;
}

/** Labelled values; a figure the caller may not see (absent from the record) is left out by the caller. */
export function Figures({ figures }: { figures: Figure[] }) {
  return (
    <>
      {figures.map((f) => (
        <Box key={f.label} data-figure={f.label}>
          <Typography variant="body2" color="text.secondary">
            {f.label}
          </Typography>
          <Typography>{f.value || '—'}</Typography>
        </Box>
      ))}
    </>
  );
}

/** A figure a card computes as the user types (the offer's kg price, the reserve's band): read-only, in the
 * lists' Russian format with 2 decimals ('28 000,00'); text is shown as given (a figure formatted otherwise). */
export function ComputedField({ label, value }: { label: string; value: number | string | null }) {
  const shown = typeof value === 'number' ? formatFigure(value) : (value ?? '');
  // the label stays up: a figure appears while the user types elsewhere, and the outline keeps its notch
  return (
    <TextField
      label={label}
      value={shown}
      size="small"
      slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
    />
  );
}

/** A record's figure: the key it comes under, its label and how it is shown. */
export type FigureOf = readonly [key: string, label: string, format: (value: unknown) => string];

/** The record's figures the caller may see: a figure hidden from the role is absent from the record. */
export function RecordFigures({ record, figures }: { record: Record<string, unknown>; figures: readonly FigureOf[] }) {
  return (
    <Figures
      figures={figures
        .filter(([key]) => key in record)
        .map(([key, label, format]) => ({ label, value: format(record[key]) }))}
    />
  );
}

/**
 * A card's figures are its list's columns shown on the card: each under its column's title (unless the card names
 * it otherwise) and in its column's format, money or number.
 */
export function columnFigures(
  columns: readonly ColumnDef[],
  keys: readonly string[],
  labels: Record<string, string> = {},
): FigureOf[] {
  return keys.map((key) => {
    const column = columns.find((c) => c.key === key);
    if (!column) throw new Error(`No column ${key} to show as a figure`);
    return [key, labels[key] ?? column.title, column.type === 'money' ? formatMoney : formatNumber];
  });
}

/** A saved record's figures under their title; a create card has none. */
export function FiguresBlock({
  title,
  record,
  figures,
}: {
  title: string;
  record?: Record<string, unknown>;
  figures: readonly FigureOf[];
}) {
  if (!record) return null;
  return (
    <InfoBlock title={title}>
      <RecordFigures record={record} figures={figures} />
    </InfoBlock>
  );
}

export interface ShortListColumn<R> {
  title: string;
  value(row: R): ReactNode;
}

/** The latest related records; the first column is the record's № linking to its card. */
function ShortList<R extends { id: number }>({
  rows,
  columns,
  path,
  empty,
  label,
}: {
  rows: R[];
  columns: ShortListColumn<R>[];
  /** '/reserves' */
  path: string;
  empty: string;
  label: string;
}) {
  // the card opened from here comes back here (smart back)
  const from = useLocation().pathname;
  if (!rows.length)
    return (
      <Typography color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
        {empty}
      </Typography>
    );
  return (
    <Box sx={{ gridColumn: '1 / -1', overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>№</TableCell>
            {columns.map((c) => (
              <TableCell key={c.title}>{c.title}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>
                <Link component={RouterLink} to={`${path}/${row.id}`} state={{ from }}>
                  {row.id}
                </Link>
              </TableCell>
              {columns.map((c) => (
                <TableCell key={c.title}>{c.value(row)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** How many of the latest related records a card lists. */
const SHORT_LIST = 10;

/** A record a short list shows: its product, status and creation date besides its section's own figures. */
export interface LatestRecord {
  id: number;
  product?: { id: number; name: string } | null;
  status: string;
  created_at: string;
}

/**
 * The latest records of another section that belong to this card's record (an employee's reserves, a supplier's
 * offers), in a block titled by that section: №, product, that section's figures, status and date.
 */
export function LatestRecords<R extends LatestRecord>({
  section,
  rows,
  figures,
}: {
  section: Section;
  rows: R[];
  /** The columns between the product and the status. */
  figures: ShortListColumn<R>[];
}) {
  const { title, genitive } = SECTION[section];
  // 'Резервов пока нет'
  const empty = `${genitive.charAt(0).toLocaleUpperCase('ru')}${genitive.slice(1)} пока нет`;
  const columns: ShortListColumn<R>[] = [
    { title: 'Товар', value: (r) => r.product?.name ?? '' },
    ...figures,
    { title: 'Статус', value: (r) => statusTitle(section, r.status) },
    { title: 'Дата', value: (r) => formatDate(r.created_at) },
  ];
  return (
    <InfoBlock title={title}>
      <ShortList rows={rows} columns={columns} path={`/${section}`} empty={empty} label={title} />
    </InfoBlock>
  );
}

/**
 * The latest records of another section filtered to this card's record (a buyer's reserves: `buyers_ids=7`), read
 * from that section's list, newest first, so the caller's scope applies.
 */
export function LatestListed<R extends LatestRecord>({
  section,
  filter,
  id,
  figures,
}: {
  section: Section;
  /** The list's filter naming this card's record: 'buyers_ids'. */
  filter: string;
  id: number;
  figures: ShortListColumn<R>[];
}) {
  const { data } = useListQuery({ section, query: `${filter}=${id}&perPage=20&sort=created_at&order=desc` });
  const rows = ((data?.data ?? []) as unknown as R[]).slice(0, SHORT_LIST);
  return <LatestRecords<R> section={section} rows={rows} figures={figures} />;
}
