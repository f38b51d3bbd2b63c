// The city card's 'Города' tab (spec point 2 "Create city"): one row per city (its own first) with the delivery cost
// (₽ per kg) and days from this city; decimal inputs (the Russian comma) where 0 or less shows empty; searchable by city name,
// since the matrix has some forty cities.
import { useState } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { deliveryShown } from '../../../domain/cities/schema';
import { toNumber } from '../../../domain/numbers';
import { decimalShown } from '../../components/Card/cardInputs';

export const DELIVERY_TEXTS = {
  tab: 'Города',
  search: 'Поиск города',
  city: 'Город',
  cost: 'Стоимость, ₽/кг',
  days: 'Срок, дней',
  nothing: 'Город не найден',
  /** The city's own row: delivery within it, to a buyer in the loading city. */
  local: (city: string) => `${city} (по городу)`,
  costOf: (city: string) => `${city}: стоимость доставки`,
  daysOf: (city: string) => `${city}: срок доставки`,
} as const;

/** A row as the table shows it: a destination with its cost and days (as typed or as stored). */
export interface DeliveryLine {
  to_id: number;
  to_name: string;
  cost: string;
  days: string;
}

/** The rows the user changed, by destination id. */
export type DeliveryChanges = Record<string, { cost: string; days: string }>;

type DeliveryField = 'cost' | 'days';

/** How each number of a row is typed: its step and its input's name for a screen reader. */
const INPUTS = {
  cost: { inputMode: 'decimal', label: DELIVERY_TEXTS.costOf },
  days: { inputMode: 'numeric', label: DELIVERY_TEXTS.daysOf },
} as const;

function DeliveryCell({
  line,
  field,
  readOnly,
  onChange,
}: {
  line: DeliveryLine;
  field: DeliveryField;
  readOnly: boolean;
  onChange(line: DeliveryLine, field: DeliveryField, value: string): void;
}) {
  return (
    <TableCell>
      {/* text, not type=number, which shows no comma; a point typed becomes the comma on leaving */}
      <TextField
        size="small"
        value={deliveryShown(line[field])}
        disabled={readOnly}
        onChange={(e) => onChange(line, field, e.target.value)}
        onBlur={() => {
          const shown = decimalShown(line[field]);
          if (shown !== line[field]) onChange(line, field, shown);
        }}
        slotProps={{
          htmlInput: { inputMode: INPUTS[field].inputMode, 'aria-label': INPUTS[field].label(line.to_name) },
        }}
      />
    </TableCell>
  );
}

/** 0 or less is "not known": kept as 0, so the table shows it empty and nothing negative is ever sent. */
const typed = (value: string) => (value !== '' && (toNumber(value) ?? 0) <= 0 ? '0' : value);

export function DeliveryTable({
  rows,
  changes,
  readOnly,
  onChange,
}: {
  rows: DeliveryLine[];
  changes: DeliveryChanges;
  readOnly: boolean;
  onChange(next: DeliveryChanges): void;
}) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLocaleLowerCase('ru');
  const lines = rows
    .map((row) => ({ ...row, ...changes[row.to_id] }))
    .filter((row) => !needle || row.to_name.toLocaleLowerCase('ru').includes(needle));
  const change = (line: DeliveryLine, field: DeliveryField, value: string) =>
    onChange({ ...changes, [line.to_id]: { cost: line.cost, days: line.days, [field]: typed(value) } });

  return (
    <Box sx={{ maxWidth: 760 }}>
      <TextField
        size="small"
        placeholder={DELIVERY_TEXTS.search}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ mb: 1.5, width: 320 }}
        slotProps={{
          htmlInput: { 'aria-label': DELIVERY_TEXTS.search },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Table size="small" aria-label="Доставка в города">
        <TableHead>
          <TableRow>
            <TableCell>{DELIVERY_TEXTS.city}</TableCell>
            <TableCell sx={{ width: 200 }}>{DELIVERY_TEXTS.cost}</TableCell>
            <TableCell sx={{ width: 160 }}>{DELIVERY_TEXTS.days}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.to_id} data-city={line.to_id}>
              <TableCell>{line.to_name}</TableCell>
              <DeliveryCell line={line} field="cost" readOnly={readOnly} onChange={change} />
              <DeliveryCell line={line} field="days" readOnly={readOnly} onChange={change} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {lines.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {DELIVERY_TEXTS.nothing}
        </Typography>
      )}
    </Box>
  );
}
