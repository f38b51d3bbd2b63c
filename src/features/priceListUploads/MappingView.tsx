// The mapping screen of a supplier's price list: sheet and header row, each column → an offer field or 'Не загружать',
// the defaults for what the file lacks, each unknown name answered once.
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import MuiAlert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PRICE_LIST_MSG,
  PRICE_LIST_TARGETS,
  SKIP_TITLE,
  TARGET_TITLES,
  type PriceListDefaults,
  type PriceListTarget,
} from '../../../domain/suppliers/priceList';
import { OFFER_LOADING_ADDRESS } from '../../../domain/offers/resource';
import { LOT } from '../../../domain/offers/lot';
import { listFailure, useReferenceListQuery } from '../../api/references';
import { type PriceListUpload } from './api';
import { PRICE_LIST_TEXTS } from './texts';

/** One unknown name's answer: a candidate (product and variety) or any product, and the origin; or 'Не сопоставлять'
 * (NOT_MATCHED_CHOICE); '' is no answer yet (asked again with the next file). */
export interface Answer {
  choice: string;
  origin: string;
}
export const NOT_MATCHED_CHOICE = 'none';

/** The names the profile answers 'Не сопоставлять', as the screen shows them (to be changed). */
export const notMatchedAnswers = (upload: PriceListUpload): Record<string, Answer> =>
  Object.fromEntries(upload.not_matched.map((name) => [name, { choice: NOT_MATCHED_CHOICE, origin: '' }]));

const choiceOf = (a: { product_id: number; variety_id: number | null }) => `${a.product_id}:${a.variety_id ?? ''}`;

export function MappingView({
  upload,
  columns,
  setColumns,
  defaults,
  setDefaults,
  answers,
  setAnswers,
  onMove,
}: {
  upload: PriceListUpload;
  columns: Record<string, PriceListTarget | null>;
  setColumns(c: Record<string, PriceListTarget | null>): void;
  defaults: PriceListDefaults;
  setDefaults(d: PriceListDefaults): void;
  answers: Record<string, Answer>;
  setAnswers(a: Record<string, Answer>): void;
  onMove(m: { sheet?: string; headerRow?: number }): void;
}) {
  const t = PRICE_LIST_TEXTS;
  const cities = useReferenceListQuery('cities');
  const products = useReferenceListQuery('products');
  const [headerRow, setHeaderRow] = useState(String(upload.header_row));
  useEffect(() => setHeaderRow(String(upload.header_row)), [upload.header_row]);
  /** A default typed as text; empty, none. */
  const textDefault = (
    key: typeof OFFER_LOADING_ADDRESS | typeof LOT.year.field | typeof LOT.origin.field,
    label: string,
  ) => (
    <TextField
      size="small"
      label={label}
      value={defaults[key] ?? ''}
      onChange={(e) => setDefaults({ ...defaults, [key]: e.target.value || null })}
    />
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {upload.layout_changed && <MuiAlert severity="warning">{PRICE_LIST_MSG.changedLayout}</MuiAlert>}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {upload.sheets.length > 1 && (
          <TextField
            select
            size="small"
            label={t.sheet}
            value={upload.sheet}
            onChange={(e) => onMove({ sheet: e.target.value })}
            sx={{ minWidth: 200 }}
          >
            {upload.sheets.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          size="small"
          label={t.headerRow}
          value={headerRow}
          sx={{ width: 170 }}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          onChange={(e) => setHeaderRow(e.target.value.replace(/\D/g, ''))}
          onBlur={() =>
            Number(headerRow) > 0 &&
            Number(headerRow) !== upload.header_row &&
            onMove({ sheet: upload.sheet, headerRow: Number(headerRow) })
          }
        />
      </Box>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={t.mapping}>
          <TableHead>
            <TableRow>
              {upload.columns.map((c) => (
                <TableCell key={c.index} sx={{ minWidth: 170, verticalAlign: 'bottom' }}>
                  <Typography variant="body2" sx={{ fontWeight: 500, mb: 1 }}>
                    {c.title || '—'}
                  </Typography>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={t.columnOf(c.index, c.title)}
                    value={columns[String(c.index)] ?? ''}
                    onChange={(e) =>
                      setColumns({ ...columns, [String(c.index)]: (e.target.value || null) as PriceListTarget | null })
                    }
                  >
                    <MenuItem value="">{SKIP_TITLE}</MenuItem>
                    {PRICE_LIST_TARGETS.map((target) => (
                      <MenuItem key={target} value={target}>
                        {TARGET_TITLES[target]}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {upload.rows.map((row, i) => (
              <TableRow key={i}>
                {row.map((cell, j) => (
                  <TableCell key={j}>{cell}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>

      <Typography variant="subtitle2">{t.defaults}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 2 }}>
        <TextField
          select
          size="small"
          label={t.city}
          value={defaults.city_id ?? ''}
          helperText={listFailure(cities)}
          onChange={(e) => setDefaults({ ...defaults, city_id: e.target.value === '' ? null : Number(e.target.value) })}
        >
          {(cities.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        {textDefault(OFFER_LOADING_ADDRESS, t.address)}
        <TextField
          select
          size="small"
          label={t.unit}
          value={defaults[LOT.unit.field] ?? ''}
          onChange={(e) =>
            setDefaults({
              ...defaults,
              [LOT.unit.field]: (e.target.value || null) as PriceListDefaults[typeof LOT.unit.field],
            })
          }
        >
          <MenuItem value="">{t.unitAuto}</MenuItem>
          <MenuItem value="шт">шт</MenuItem>
          <MenuItem value="кг">кг</MenuItem>
        </TextField>
        {textDefault(LOT.year.field, t.year)}
        {textDefault(LOT.origin.field, t.origin)}
      </Box>

      {upload.unmatched.length + upload.not_matched.length > 0 && (
        <>
          <Typography variant="subtitle2">{t.names}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t.namesHint}
          </Typography>
          {[...upload.unmatched, ...upload.not_matched.map((name) => ({ name, candidates: [] }))].map(
            ({ name, candidates }) => {
              const answer = answers[name] ?? { choice: '', origin: '' };
              const set = (patch: Partial<Answer>) => setAnswers({ ...answers, [name]: { ...answer, ...patch } });
              const candidateKeys = new Set(candidates.map(choiceOf));
              return (
                <Box
                  key={name}
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'minmax(200px, 1fr) minmax(240px, 1.2fr) minmax(160px, 0.8fr)',
                    gap: 2,
                    alignItems: 'center',
                  }}
                >
                  <Typography variant="body2">{name}</Typography>
                  <TextField
                    select
                    size="small"
                    label={t.nameOf(name)}
                    value={answer.choice}
                    onChange={(e) => {
                      const picked = candidates.find((c) => choiceOf(c) === e.target.value);
                      set({ choice: e.target.value, origin: answer.origin || picked?.[LOT.origin.field] || '' });
                    }}
                  >
                    <MenuItem value={NOT_MATCHED_CHOICE}>{t.notAnswered}</MenuItem>
                    {candidates.map((c) => (
                      <MenuItem key={choiceOf(c)} value={choiceOf(c)}>
                        {[c.product, c.variety].filter(Boolean).join(' / ')}
                      </MenuItem>
                    ))}
                    {(products.data ?? [])
                      .filter((p) => !candidateKeys.has(`${p.id}:`))
                      .map((p) => (
                        <MenuItem key={`p${p.id}`} value={`${p.id}:`}>
                          {p.name}
                        </MenuItem>
                      ))}
                  </TextField>
                  <TextField
                    size="small"
                    label={t.originOf(name)}
                    value={answer.origin}
                    disabled={answer.choice === NOT_MATCHED_CHOICE}
                    onChange={(e) => set({ origin: e.target.value })}
                  />
                </Box>
              );
            },
          )}
        </>
      )}
    </Box>
  );
}
