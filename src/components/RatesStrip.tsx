// The rates strip in the navigation: today's Central Bank rate of USD, EUR, CNY, TRY and AED with the change from
// the previous one; a currency opens its history. Nothing is shown until the rates are read (none stored yet, or the
// read failed: the strip is a help, never in the way).
import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CURRENCY_NAMES, STRIP_CURRENCIES, formatRate, formatRateChange, type Currency } from '../../domain/currency';
import { formatDate } from '../../domain/format';
import { useCurrencyRateHistoryQuery, useCurrencyRatesQuery, type StripRate } from '../api/currencyRates';

const SOURCE_TITLES = { cbr: 'ЦБ', manual: 'вручную' } as const;

function RateHistory({ code, onClose }: { code: Currency; onClose: () => void }) {
  const { data } = useCurrencyRateHistoryQuery(code);
  return (
    <Dialog open onClose={onClose} aria-labelledby="rate-history-title">
      <DialogTitle id="rate-history-title">{`Курс ${code}: ${CURRENCY_NAMES[code]}`}</DialogTitle>
      <DialogContent>
        <Table size="small" aria-label={`История курса ${code}`}>
          <TableHead>
            <TableRow>
              <TableCell>Дата</TableCell>
              <TableCell align="right">Курс, ₽</TableCell>
              <TableCell>Источник</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.rates ?? []).map((rate) => (
              <TableRow key={rate.date}>
                <TableCell>{formatDate(rate.date)}</TableCell>
                <TableCell align="right">{formatRate(rate.unit_rate)}</TableCell>
                <TableCell>{SOURCE_TITLES[rate.source]}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
    </Dialog>
  );
}

function StripItem({ rate, onOpen }: { rate: StripRate; onOpen: () => void }) {
  const change = formatRateChange(rate.unit_rate, rate.previous_unit_rate);
  const color = change.startsWith('+') ? 'success.main' : change.startsWith('−') ? 'error.main' : 'text.secondary';
  return (
    <ButtonBase
      onClick={onOpen}
      aria-label={`Курс ${rate.code} ${formatRate(rate.unit_rate)}${change ? `, изменение ${change}` : ''}`}
      sx={{ display: 'flex', justifyContent: 'space-between', width: '100%', px: 0.5, borderRadius: 1, fontSize: 13 }}
    >
      <Box component="span" sx={{ fontWeight: 600 }}>
        {rate.code}
      </Box>
      <Box component="span">{formatRate(rate.unit_rate)}</Box>
      <Box component="span" sx={{ color, minWidth: 56, textAlign: 'right' }}>
        {change}
      </Box>
    </ButtonBase>
  );
}

export function RatesStrip() {
  const { data } = useCurrencyRatesQuery();
  const [open, setOpen] = useState<Currency | null>(null);
  const shown = (data?.rates ?? []).filter((rate) => STRIP_CURRENCIES.includes(rate.code));
  if (!data || !shown.length) return null;
  return (
    <Box role="group" aria-label="Курсы ЦБ" sx={{ mt: 1 }}>
      <Typography variant="caption" color="text.secondary">{`Курсы ЦБ на ${formatDate(data.date)}`}</Typography>
      {shown.map((rate) => (
        <StripItem key={rate.code} rate={rate} onOpen={() => setOpen(rate.code)} />
      ))}
      {open && <RateHistory code={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
