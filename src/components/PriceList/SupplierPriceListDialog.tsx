// 'Загрузить прайс поставщика', on the supplier's card and in the offers' 'Импорт': the supplier's own
// file (XLSX or CSV) uploaded; the mapping screen (sheet, header row, each column → an offer field or 'Не загружать',
// the defaults for what the file lacks, each unknown name answered once); the preview of the changes (new, changed
// with old → new and %, unchanged, gone, rows with problems); 'Применить' for the ticked groups. A supplier's next
// file in the same layout opens straight on the preview.
import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
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
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import {
  GROUP_TITLES, NOT_MATCHED, NOT_MATCHED_TITLE, PRICE_LIST_MSG, PRICE_LIST_TARGETS, SKIP_TITLE, TARGET_TITLES, countsText, mappingProblem, previewedRows,
  type NameAnswer, type PreviewGroup, type PreviewRow, type PriceListDefaults, type PriceListPreview, type PriceListTarget, noDefaults,
} from '../../../domain/suppliers/priceList';
import { OFFER_LOADING_ADDRESS, offersResource } from '../../../domain/offers/resource';
import { LOT } from '../../../domain/offers/lot';
import { IMPORT_LIMITS } from '../../../domain/import';
import { formatMoney, formatNumber } from '../../../domain/format';
import { countText } from '../../../domain/sections';
import { countWith } from '../../../domain/plural';
import { useMeQuery } from '../../api/session';
import { listFailure, useReferenceListQuery } from '../../api/references';
import type { ApiError } from '../../api/errors';
import {
  useAddPriceListPackingMutation, useApplyPriceListMutation, useLazyDescribePriceListQuery, useLazyPriceListPreviewQuery, useSavePriceListProfileMutation, useUploadPriceListMutation,
  type ApplyResult, type PriceListUpload,
} from '../../api/supplierPriceLists';

export const PRICE_LIST_TEXTS = {
  title: PRICE_LIST_MSG.button,
  intro: `Файл поставщика как есть: XLSX или CSV, до ${IMPORT_LIMITS.maxBytes / 1024 / 1024} МБ и ${IMPORT_LIMITS.maxRows.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')} строк. Сопоставление столбцов запоминается для поставщика.`,
  supplier: 'Поставщик',
  choose: 'Выбрать файл',
  noFile: 'Файл не выбран',
  upload: 'Загрузить',
  mapping: 'Сопоставление столбцов',
  sheet: 'Лист',
  headerRow: 'Строка заголовка',
  columnOf: (n: number, title: string) => `Столбец ${n}${title ? ` «${title}»` : ''}`,
  defaults: 'Если в файле нет',
  // the defaults as the offer's card labels its fields
  city: offersResource.field('city_id').label,
  address: offersResource.field(OFFER_LOADING_ADDRESS).label,
  unit: LOT.unit.label,
  unitAuto: 'По фасовке',
  year: LOT.year.label,
  origin: LOT.origin.label,
  names: 'Наименования поставщика',
  namesHint: 'Выберите наш товар для каждого наименования: ответ запоминается для поставщика',
  nameOf: (name: string) => `Товар для «${name}»`,
  originOf: (name: string) => `Страна для «${name}»`,
  notAnswered: NOT_MATCHED_TITLE,
  show: 'Показать изменения',
  back: 'Назад к сопоставлению',
  apply: PRICE_LIST_MSG.apply,
  close: 'Закрыть',
  cancel: 'Отмена',
  applied: (counts: ApplyResult['counts']) => `Прайс применён: ${countsText(counts)}`,
  keptNote: (ids: number[]) => `Оставлены, потому что на них есть активные резервы: № ${ids.join(', ')}`,
  shown: (shown: number, total: number) => `Показаны первые ${shown} из ${total}`,
  line: 'Строка', offer: '№ предложения', product: 'Товар', packing: 'Упаковка', price: 'Цена за единицу', amount: 'Количество',
  name: 'Наименование', column: 'Столбец', message: 'Ошибка',
  kept: 'останется: есть резервы',
  rowsOf: (n: number) => countWith(n, ['строка', 'строки', 'строк']),
} as const;

const SHOWN = 100;
const APPLIED_GROUPS: PreviewGroup[] = ['new', 'changed', 'gone'];
/** The groups ticked at first: those with rows, the gone lots only on a full list. */
const ticked = (preview: PriceListPreview, full: boolean) => new Set(APPLIED_GROUPS.filter((g) => preview[g].length && (g !== 'gone' || full)));

const moved = (oldValue: string | null, newValue: string | null, format: (v: string | null) => string) =>
  oldValue !== null && newValue !== null && Number(oldValue) !== Number(newValue) ? `${format(oldValue)} → ${format(newValue)}` : format(newValue ?? oldValue);

function GroupTable({ group, rows }: { group: PreviewGroup; rows: PreviewRow[] }) {
  if (!rows.length) return null;
  const t = PRICE_LIST_TEXTS;
  return (
    <TableContainer sx={{ maxHeight: 260, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={GROUP_TITLES[group]}>
        <TableHead>
          <TableRow>{[t.line, t.offer, t.product, t.packing, t.year, t.origin, t.price, t.amount].map((h) => <TableCell key={h}>{h}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {rows.slice(0, SHOWN).map((r, i) => (
            <TableRow key={i}>
              <TableCell>{r.line ?? '—'}</TableCell>
              <TableCell>{r.offer_id ?? '—'}</TableCell>
              <TableCell>{[r.product, r.variety].filter(Boolean).join(' / ')}</TableCell>
              <TableCell>{r.packing ?? ''}</TableCell>
              <TableCell>{r[LOT.year.key] ?? ''}</TableCell>
              <TableCell>{r[LOT.origin.key] ?? ''}</TableCell>
              <TableCell>
                {moved(r.old_unit_price, r.unit_price, formatMoney)}
                {r.price_change_percent !== null && ` (${Number(r.price_change_percent) > 0 ? '+' : ''}${r.price_change_percent.replace('.', ',')} %)`}
              </TableCell>
              <TableCell>{moved(r.old_unit_amount, r.unit_amount, (v) => formatNumber(v))}{r.kept ? ` — ${t.kept}` : ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.length > SHOWN && <Typography variant="body2" color="text.secondary">{t.shown(SHOWN, rows.length)}</Typography>}
    </TableContainer>
  );
}

function PreviewView({ preview, groups, setGroups, full, setFull, onAddPacking, busy }: {
  preview: PriceListPreview;
  /** One of the file's new packings ('Мешок 22,68 кг') added to our list in one click. */
  onAddPacking(name: string): void;
  busy: boolean;
  groups: Set<PreviewGroup>;
  setGroups(g: Set<PreviewGroup>): void;
  /** 'Это полный прайс': only then may the lots the file lacks be removed. */
  full: boolean;
  setFull(full: boolean): void;
}) {
  const t = PRICE_LIST_TEXTS;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {preview.new_packings.length > 0 && (
        <MuiAlert severity="info">
          {PRICE_LIST_MSG.newPackings}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {preview.new_packings.map((p) => (
              <Button key={p.name} size="small" variant="outlined" disabled={busy} onClick={() => onAddPacking(p.name)}>
                {`${PRICE_LIST_MSG.addPacking(p.name)} — ${t.rowsOf(p.rows)}`}
              </Button>
            ))}
          </Box>
        </MuiAlert>
      )}
      <FormControlLabel
        control={(
          <Checkbox
            checked={full}
            onChange={(e) => {
              setFull(e.target.checked);
              const next = new Set(groups);
              if (e.target.checked && preview.gone.length) next.add('gone');
              else next.delete('gone');
              setGroups(next);
            }}
          />
        )}
        label={<>{PRICE_LIST_MSG.fullList}<Typography component="span" variant="body2" color="text.secondary">{` — ${PRICE_LIST_MSG.fullListHint}`}</Typography></>}
      />
      {(['new', 'changed', 'unchanged', 'gone'] as const).map((group) => (
        <Box key={group}>
          {APPLIED_GROUPS.includes(group) ? (
            <FormControlLabel
              control={(
                <Checkbox
                  checked={groups.has(group)}
                  disabled={!preview[group].length || (group === 'gone' && !full)}
                  onChange={(e) => {
                    const next = new Set(groups);
                    if (e.target.checked) next.add(group);
                    else next.delete(group);
                    setGroups(next);
                  }}
                />
              )}
              label={`${GROUP_TITLES[group]}: ${preview[group].length}`}
            />
          ) : (
            <Typography variant="subtitle2" sx={{ py: 1 }}>{`${GROUP_TITLES[group]}: ${preview[group].length}`}</Typography>
          )}
          <GroupTable group={group} rows={preview[group]} />
        </Box>
      ))}
      {/* totals, subtotals and empty rows hold no lot: counted, never asked about */}
      {(preview.skipped.totals > 0 || preview.skipped.empty > 0 || preview.skipped.not_matched > 0) && (
        <Typography variant="body2" color="text.secondary">{PRICE_LIST_MSG.skipped(preview.skipped)}</Typography>
      )}
      <Typography variant="subtitle2">{`${GROUP_TITLES.problems}: ${preview.problems.length}`}</Typography>
      {preview.problems.length > 0 && (
        <TableContainer sx={{ maxHeight: 260, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader aria-label={GROUP_TITLES.problems}>
            <TableHead>
              <TableRow>{[t.line, t.name, t.column, t.message].map((h) => <TableCell key={h}>{h}</TableCell>)}</TableRow>
            </TableHead>
            <TableBody>
              {preview.problems.slice(0, SHOWN).map((p, i) => (
                <TableRow key={i}>{[p.line, p.name, p.column || '—', p.message].map((v, j) => <TableCell key={j}>{v}</TableCell>)}</TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

/** One unknown name's answer: a candidate (product and variety) or any product, and the origin; or 'Не сопоставлять'
 * (NOT_MATCHED_CHOICE); '' is no answer yet (asked again with the next file). */
interface Answer {
  choice: string;
  origin: string;
}
const NOT_MATCHED_CHOICE = 'none';

/** The names the profile answers 'Не сопоставлять', as the screen shows them (to be changed). */
const notMatchedAnswers = (upload: PriceListUpload): Record<string, Answer> =>
  Object.fromEntries(upload.not_matched.map((name) => [name, { choice: NOT_MATCHED_CHOICE, origin: '' }]));

const choiceOf = (a: { product_id: number; variety_id: number | null }) => `${a.product_id}:${a.variety_id ?? ''}`;

function MappingView({ upload, columns, setColumns, defaults, setDefaults, answers, setAnswers, onMove }: {
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
  const textDefault = (key: typeof OFFER_LOADING_ADDRESS | typeof LOT.year.field | typeof LOT.origin.field, label: string) => (
    <TextField size="small" label={label} value={defaults[key] ?? ''} onChange={(e) => setDefaults({ ...defaults, [key]: e.target.value || null })} />
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {upload.layout_changed && <MuiAlert severity="warning">{PRICE_LIST_MSG.changedLayout}</MuiAlert>}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {upload.sheets.length > 1 && (
          <TextField select size="small" label={t.sheet} value={upload.sheet} onChange={(e) => onMove({ sheet: e.target.value })} sx={{ minWidth: 200 }}>
            {upload.sheets.map((s) => <MenuItem key={s} value={s}>{s}</MenuItem>)}
          </TextField>
        )}
        <TextField
          size="small" label={t.headerRow} value={headerRow} sx={{ width: 170 }}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          onChange={(e) => setHeaderRow(e.target.value.replace(/\D/g, ''))}
          onBlur={() => Number(headerRow) > 0 && Number(headerRow) !== upload.header_row && onMove({ sheet: upload.sheet, headerRow: Number(headerRow) })}
        />
      </Box>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={t.mapping}>
          <TableHead>
            <TableRow>
              {upload.columns.map((c) => (
                <TableCell key={c.index} sx={{ minWidth: 170, verticalAlign: 'bottom' }}>
                  <Typography variant="body2" sx={{ fontWeight: 500, mb: 1 }}>{c.title || '—'}</Typography>
                  <TextField
                    select size="small" fullWidth label={t.columnOf(c.index, c.title)}
                    value={columns[String(c.index)] ?? ''}
                    onChange={(e) => setColumns({ ...columns, [String(c.index)]: (e.target.value || null) as PriceListTarget | null })}
                  >
                    <MenuItem value="">{SKIP_TITLE}</MenuItem>
                    {PRICE_LIST_TARGETS.map((target) => <MenuItem key={target} value={target}>{TARGET_TITLES[target]}</MenuItem>)}
                  </TextField>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {upload.rows.map((row, i) => (
              <TableRow key={i}>{row.map((cell, j) => <TableCell key={j}>{cell}</TableCell>)}</TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>

      <Typography variant="subtitle2">{t.defaults}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 2 }}>
        <TextField select size="small" label={t.city} value={defaults.city_id ?? ''} helperText={listFailure(cities)}
          onChange={(e) => setDefaults({ ...defaults, city_id: e.target.value === '' ? null : Number(e.target.value) })}>
          {(cities.data ?? []).map((c) => <MenuItem key={c.id} value={c.id}>{c.name}</MenuItem>)}
        </TextField>
        {textDefault(OFFER_LOADING_ADDRESS, t.address)}
        <TextField select size="small" label={t.unit} value={defaults[LOT.unit.field] ?? ''}
          onChange={(e) => setDefaults({ ...defaults, [LOT.unit.field]: (e.target.value || null) as PriceListDefaults[typeof LOT.unit.field] })}>
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
          <Typography variant="body2" color="text.secondary">{t.namesHint}</Typography>
          {[...upload.unmatched, ...upload.not_matched.map((name) => ({ name, candidates: [] }))].map(({ name, candidates }) => {
            const answer = answers[name] ?? { choice: '', origin: '' };
            const set = (patch: Partial<Answer>) => setAnswers({ ...answers, [name]: { ...answer, ...patch } });
            const candidateKeys = new Set(candidates.map(choiceOf));
            return (
              <Box key={name} sx={{ display: 'grid', gridTemplateColumns: 'minmax(200px, 1fr) minmax(240px, 1.2fr) minmax(160px, 0.8fr)', gap: 2, alignItems: 'center' }}>
                <Typography variant="body2">{name}</Typography>
                <TextField select size="small" label={t.nameOf(name)} value={answer.choice}
                  onChange={(e) => {
                    const picked = candidates.find((c) => choiceOf(c) === e.target.value);
                    set({ choice: e.target.value, origin: answer.origin || picked?.[LOT.origin.field] || '' });
                  }}>
                  <MenuItem value={NOT_MATCHED_CHOICE}>{t.notAnswered}</MenuItem>
                  {candidates.map((c) => <MenuItem key={choiceOf(c)} value={choiceOf(c)}>{[c.product, c.variety].filter(Boolean).join(' / ')}</MenuItem>)}
                  {(products.data ?? []).filter((p) => !candidateKeys.has(`${p.id}:`)).map((p) => <MenuItem key={`p${p.id}`} value={`${p.id}:`}>{p.name}</MenuItem>)}
                </TextField>
                <TextField size="small" label={t.originOf(name)} value={answer.origin} disabled={answer.choice === NOT_MATCHED_CHOICE}
                  onChange={(e) => set({ origin: e.target.value })} />
              </Box>
            );
          })}
        </>
      )}
    </Box>
  );
}

export interface SupplierPriceListDialogProps {
  open: boolean;
  onClose(): void;
  /** The supplier's card's; without it the dialog asks which supplier (a supplier's user: its own). */
  supplierId?: number;
}

type Step = { kind: 'file' } | { kind: 'mapping'; upload: PriceListUpload } | { kind: 'preview'; upload: PriceListUpload; preview: PriceListPreview } | { kind: 'done'; result: ApplyResult };

export function SupplierPriceListDialog({ open, onClose, supplierId: fixedSupplier }: SupplierPriceListDialogProps) {
  const t = PRICE_LIST_TEXTS;
  const me = useMeQuery();
  const ownSupplier = me.data?.supplier_id ?? null;
  const suppliers = useReferenceListQuery('suppliers', { skip: fixedSupplier !== undefined || ownSupplier !== null });
  const [chosenSupplier, setChosenSupplier] = useState<number | ''>('');
  const supplierId = fixedSupplier ?? ownSupplier ?? (chosenSupplier === '' ? null : chosenSupplier);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'file' });
  const [error, setError] = useState<string | null>(null);
  const [columns, setColumns] = useState<Record<string, PriceListTarget | null>>({});
  const [defaults, setDefaults] = useState<PriceListDefaults>(noDefaults);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [groups, setGroups] = useState<Set<PreviewGroup>>(new Set(APPLIED_GROUPS));
  const [full, setFull] = useState(false);
  /** The lots a full list removes, asked about once more before 'Применить'. */
  const [confirmingGone, setConfirmingGone] = useState(false);
  const [upload, uploading] = useUploadPriceListMutation();
  const [describe, describing] = useLazyDescribePriceListQuery();
  const [saveProfile, saving] = useSavePriceListProfileMutation();
  const [loadPreview, previewing] = useLazyPriceListPreviewQuery();
  const [apply, applying] = useApplyPriceListMutation();
  const [addPacking, addingPacking] = useAddPriceListPackingMutation();
  const busy = uploading.isLoading || describing.isFetching || saving.isLoading || previewing.isFetching || applying.isLoading || addingPacking.isLoading;

  /** An upload's answer: the preview when it reads with no question left, else the mapping screen. */
  const show = (answer: PriceListUpload) => {
    setColumns(answer.mapping.columns);
    setAnswers(notMatchedAnswers(answer));
    setDefaults(answer.mapping.defaults);
    setFull(answer.mapping.full ?? false);
    if (answer.preview) {
      setGroups(ticked(answer.preview, answer.mapping.full ?? false));
      setStep({ kind: 'preview', upload: answer, preview: answer.preview });
    } else {
      setStep({ kind: 'mapping', upload: answer });
    }
  };
  const fail = (e: unknown) => setError((e as ApiError).message ?? String(e));

  const send = async () => {
    if (!file || supplierId === null) return;
    setError(null);
    try {
      show(await upload({ supplierId, file }).unwrap());
    } catch (e) {
      fail(e);
    }
  };

  const move = async (m: { sheet?: string; headerRow?: number }) => {
    if (step.kind !== 'mapping') return;
    setError(null);
    try {
      const answer = await describe({ uploadId: step.upload.upload_id, ...m }).unwrap();
      setColumns(answer.mapping.columns);
      setAnswers({ ...notMatchedAnswers(answer), ...answers });
      setStep({ kind: 'mapping', upload: answer });
    } catch (e) {
      fail(e);
    }
  };

  const problem = useMemo(() => mappingProblem(Object.fromEntries(Object.entries(columns).filter(([, v]) => v)) as Record<string, PriceListTarget>), [columns]);

  const showChanges = async () => {
    if (step.kind !== 'mapping' || supplierId === null) return;
    setError(null);
    const names: Record<string, NameAnswer | null> = {};
    const wasNotMatched = new Set(step.upload.not_matched);
    for (const [name, a] of Object.entries(answers)) {
      // no answer: asked again with the next file (a kept 'Не сопоставлять' taken back is forgotten)
      if (!a.choice) {
        if (wasNotMatched.has(name)) names[name] = null;
        continue;
      }
      if (a.choice === NOT_MATCHED_CHOICE) {
        names[name] = NOT_MATCHED;
        continue;
      }
      const [product, variety] = a.choice.split(':');
      names[name] = { product_id: Number(product), variety_id: variety ? Number(variety) : null, [LOT.origin.field]: a.origin.trim() || null };
    }
    try {
      const saved = await saveProfile({
        supplierId,
        body: { upload_id: step.upload.upload_id, sheet: step.upload.sheet, header_row: step.upload.header_row, columns, defaults, names },
      }).unwrap();
      const preview = saved.preview ?? (await loadPreview(saved.upload_id).unwrap());
      setFull(saved.mapping.full ?? false);
      setGroups(ticked(preview, saved.mapping.full ?? false));
      setStep({ kind: 'preview', upload: saved, preview });
    } catch (e) {
      fail(e);
    }
  };

  /** A new packing added: its rows read again, the groups ticked anew. */
  const packingAdded = async (name: string) => {
    if (step.kind !== 'preview') return;
    setError(null);
    try {
      const preview = await addPacking({ uploadId: step.upload.upload_id, name }).unwrap();
      setGroups(ticked(preview, full));
      setStep({ ...step, preview });
    } catch (e) {
      fail(e);
    }
  };

  const removed = step.kind === 'preview' && groups.has('gone') ? step.preview.gone.filter((g) => !g.kept).length : 0;
  const run = async (confirmed = false) => {
    if (step.kind !== 'preview') return;
    setError(null);
    if (removed > 0 && !confirmed) {
      setConfirmingGone(true);
      return;
    }
    setConfirmingGone(false);
    try {
      const expected = previewedRows(step.preview);
      setStep({ kind: 'done', result: await apply({ uploadId: step.upload.upload_id, groups: [...groups], full, expected }).unwrap() });
    } catch (e) {
      fail(e);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="lg" fullWidth aria-labelledby="supplier-price-list-title">
      <DialogTitle id="supplier-price-list-title">{t.title}{step.kind !== 'file' && step.kind !== 'done' ? `: ${step.upload.file_name}` : ''}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {step.kind === 'file' && (
          <>
            <Typography variant="body2">{t.intro}</Typography>
            {fixedSupplier === undefined && ownSupplier === null && (
              <TextField select size="small" label={t.supplier} value={chosenSupplier} helperText={listFailure(suppliers)} sx={{ maxWidth: 420 }}
                onChange={(e) => setChosenSupplier(e.target.value === '' ? '' : Number(e.target.value))}>
                {(suppliers.data ?? []).map((s) => <MenuItem key={s.id} value={s.id}>{s.name}</MenuItem>)}
              </TextField>
            )}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Button variant="outlined" component="label" startIcon={<FileUploadOutlined />} disabled={busy}>
                {t.choose}
                <input hidden type="file" accept=".xlsx,.csv" aria-label="Файл прайса поставщика"
                  onChange={(e) => { setFile(e.target.files?.[0] ?? null); setError(null); e.target.value = ''; }} />
              </Button>
              <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>{file?.name ?? t.noFile}</Typography>
            </Box>
          </>
        )}
        {step.kind === 'mapping' && (
          <MappingView upload={step.upload} columns={columns} setColumns={setColumns} defaults={defaults} setDefaults={setDefaults}
            answers={answers} setAnswers={setAnswers} onMove={(m) => void move(m)} />
        )}
        {step.kind === 'mapping' && problem && <MuiAlert severity="info">{problem}</MuiAlert>}
        {step.kind === 'preview' && <PreviewView preview={step.preview} groups={groups} setGroups={(g) => { setGroups(g); setConfirmingGone(false); }} full={full} setFull={setFull}
          onAddPacking={(name) => void packingAdded(name)} busy={busy} />}
        {step.kind === 'preview' && confirmingGone && removed > 0 && (
          <MuiAlert severity="warning" action={(
            <>
              <Button color="inherit" size="small" onClick={() => setConfirmingGone(false)}>{t.cancel}</Button>
              <Button color="inherit" size="small" disabled={busy} onClick={() => void run(true)}>{PRICE_LIST_MSG.confirmGoneYes}</Button>
            </>
          )}>
            {PRICE_LIST_MSG.confirmGone(countText('offers', removed))}
          </MuiAlert>
        )}
        {step.kind === 'done' && (
          <>
            <MuiAlert severity="success">{t.applied(step.result.counts)}</MuiAlert>
            {step.result.kept.length > 0 && <MuiAlert severity="info">{t.keptNote(step.result.kept)}</MuiAlert>}
          </>
        )}
        {busy && <LinearProgress aria-label="Загрузка" />}
        {error && <MuiAlert severity="error">{error}</MuiAlert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{t.close}</Button>
        {step.kind === 'file' && <Button variant="contained" disabled={!file || supplierId === null || busy} onClick={() => void send()}>{t.upload}</Button>}
        {step.kind === 'mapping' && <Button variant="contained" disabled={Boolean(problem) || busy} onClick={() => void showChanges()}>{t.show}</Button>}
        {step.kind === 'preview' && (
          <>
            <Button disabled={busy} onClick={() => setStep({ kind: 'mapping', upload: step.upload })}>{t.back}</Button>
            <Button variant="contained" disabled={!groups.size || busy || confirmingGone} onClick={() => void run()}>{t.apply}</Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
