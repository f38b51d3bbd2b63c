// The shipment's cost lines as a table to edit: per line its kind, amount and currency, the day its rate is taken or
// the rate itself (a prepayment's), how it is spread over the lots, the product a duty is limited to, and whether
// it is an estimate or the actual figure. What is typed stays in the card's form until it is saved, a failed save
// included; the card's check and the server's refusal name the line in the same Russian words.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  ALLOCATIONS,
  ALLOCATION_TITLES,
  COST_KINDS,
  COST_KIND_TITLES,
  COST_STATUSES,
  COST_STATUS_TITLES,
} from '../../../domain/shipments/costLines';
import { LINE_CURRENCIES } from '../../../domain/shipments/schema';
import { decimalShown } from '../../components/Card/cardInputs';
import { DayPicker } from '../../components/DayPicker';
import { useReferenceListQuery } from '../../api/references';
import { newCostLine, type CostLineValues } from './costLinesForm';

export const COST_EDITOR_TEXTS = {
  title: 'Расходы',
  empty: 'Строк расходов нет',
  add: 'Добавить строку',
  remove: (n: number) => `Удалить строку ${n}`,
  kind: 'Вид расхода',
  amount: 'Сумма',
  currency: 'Валюта',
  rateDate: 'Дата курса',
  rate: 'Курс',
  rateHint: 'пусто — курс ЦБ',
  allocation: 'Распределение',
  allocationDefault: 'по умолчанию',
  product: 'Товар пошлины',
  anyProduct: 'все лоты',
  status: 'Статус',
  /** Each input's accessible name: 'Строка 2: Сумма'. */
  cell: (n: number, title: string) => `Строка ${n}: ${title}`,
} as const;

interface Props {
  lines: CostLineValues[];
  readOnly: boolean;
  /** The card's or the server's refusal of a line ('Строка расходов 2: выберите валюту'). */
  error?: string;
  onChange(lines: CostLineValues[]): void;
}

const small: TextFieldProps = { size: 'small', fullWidth: true, variant: 'outlined' };

export function CostLinesEditor({ lines, readOnly, error, onChange }: Props) {
  const products = useReferenceListQuery('products');
  const set = (i: number, patch: Partial<CostLineValues>) =>
    onChange(lines.map((line, at) => (at === i ? { ...line, ...patch } : line)));
  const T = COST_EDITOR_TEXTS;

  const select = (i: number, key: keyof CostLineValues, title: string, options: [string, string][]) => (
    <TextField
      {...small}
      select
      value={lines[i][key]}
      disabled={readOnly}
      onChange={(e) => set(i, { [key]: e.target.value })}
      slotProps={{ htmlInput: { 'aria-label': T.cell(i + 1, title) }, select: { displayEmpty: true } }}
    >
      {options.map(([value, label]) => (
        <MenuItem key={value} value={value}>
          {label}
        </MenuItem>
      ))}
    </TextField>
  );
  const decimal = (i: number, key: 'amount' | 'rate', title: string, placeholder?: string) => (
    <TextField
      {...small}
      value={lines[i][key]}
      disabled={readOnly}
      placeholder={placeholder}
      onChange={(e) => set(i, { [key]: e.target.value })}
      onBlur={() => set(i, { [key]: decimalShown(lines[i][key]) })}
      slotProps={{ htmlInput: { 'aria-label': T.cell(i + 1, title), inputMode: 'decimal' } }}
    />
  );

  return (
    <Box>
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mb: 1 }}>
          {error}
        </Typography>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={T.title} sx={{ minWidth: 1100 }}>
          <TableHead>
            <TableRow>
              {[T.kind, T.amount, T.currency, T.rateDate, T.rate, T.allocation, T.product, T.status, ''].map((h, i) => (
                <TableCell key={i}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, i) => (
              <TableRow key={i}>
                <TableCell sx={{ minWidth: 200 }}>
                  {select(i, 'kind', T.kind, [
                    ['', '—'],
                    ...COST_KINDS.map((k): [string, string] => [k, COST_KIND_TITLES[k]]),
                  ])}
                </TableCell>
                <TableCell sx={{ minWidth: 120 }}>{decimal(i, 'amount', T.amount)}</TableCell>
                <TableCell sx={{ minWidth: 90 }}>
                  {select(
                    i,
                    'currency',
                    T.currency,
                    LINE_CURRENCIES.map((c): [string, string] => [c, c]),
                  )}
                </TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  <DayPicker
                    value={line.rate_date}
                    onDay={(day) => day !== null && set(i, { rate_date: day })}
                    disabled={readOnly}
                    label={T.rateDate}
                    name={`costs.${i}.rate_date`}
                  />
                </TableCell>
                <TableCell sx={{ minWidth: 110 }}>{decimal(i, 'rate', T.rate, T.rateHint)}</TableCell>
                <TableCell sx={{ minWidth: 150 }}>
                  {select(i, 'allocation', T.allocation, [
                    ['', T.allocationDefault],
                    ...ALLOCATIONS.map((a): [string, string] => [a, ALLOCATION_TITLES[a]]),
                  ])}
                </TableCell>
                <TableCell sx={{ minWidth: 150 }}>
                  {line.kind === 'duty'
                    ? select(i, 'product_id', T.product, [
                        ['', T.anyProduct],
                        ...(products.data ?? []).map((p): [string, string] => [String(p.id), p.name]),
                      ])
                    : '—'}
                </TableCell>
                <TableCell sx={{ minWidth: 110 }}>
                  {select(
                    i,
                    'status',
                    T.status,
                    COST_STATUSES.map((s): [string, string] => [s, COST_STATUS_TITLES[s]]),
                  )}
                </TableCell>
                <TableCell padding="none">
                  {!readOnly && (
                    <IconButton
                      aria-label={T.remove(i + 1)}
                      onClick={() => onChange(lines.filter((_, at) => at !== i))}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {!lines.length && (
        <Typography color="text.secondary" variant="body2" sx={{ my: 1 }}>
          {T.empty}
        </Typography>
      )}
      {!readOnly && (
        <Button sx={{ mt: 1 }} onClick={() => onChange([...lines, newCostLine()])}>
          {T.add}
        </Button>
      )}
    </Box>
  );
}
