// 'Загрузить прайс поставщика', on the supplier's card and in the offers' 'Импорт': the supplier's own
// file (XLSX or CSV) uploaded; the mapping screen (sheet, header row, each column → an offer field or 'Не загружать',
// the defaults for what the file lacks, each unknown name answered once); the preview of the changes (new, changed
// with old → new and %, unchanged, gone, rows with problems); 'Применить' for the ticked groups. A supplier's next
// file in the same layout opens straight on the preview.
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import MuiAlert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import {
  NOT_MATCHED,
  PRICE_LIST_MSG,
  mappingProblem,
  type NameAnswer,
  type PriceListDefaults,
  type PriceListTarget,
  noDefaults,
} from '../../../domain/suppliers/priceList';
import { previewedRows, type PreviewGroup, type PriceListPreview } from '../../../domain/suppliers/priceListPreview';
import { LOT } from '../../../domain/offers/lot';
import { countText } from '../../../domain/sections';
import { useMeQuery } from '../../api/session';
import { listFailure, useReferenceListQuery } from '../../api/references';
import type { ApiError } from '../../api/errors';
import {
  useAddPriceListPackingMutation,
  useApplyPriceListMutation,
  useLazyDescribePriceListQuery,
  useLazyPriceListPreviewQuery,
  useSavePriceListProfileMutation,
  useUploadPriceListMutation,
  type ApplyResult,
  type PriceListUpload,
} from './api';
import { PRICE_LIST_TEXTS } from './texts';
import { APPLIED_GROUPS, PreviewView, ticked } from './PreviewView';
import { MappingView, notMatchedAnswers, NOT_MATCHED_CHOICE, type Answer } from './MappingView';

export { PRICE_LIST_TEXTS };

export interface SupplierPriceListDialogProps {
  open: boolean;
  onClose(): void;
  /** The supplier's card's; without it the dialog asks which supplier (a supplier's user: its own). */
  supplierId?: number;
}

type Step =
  | { kind: 'file' }
  | { kind: 'mapping'; upload: PriceListUpload }
  | { kind: 'preview'; upload: PriceListUpload; preview: PriceListPreview }
  | { kind: 'done'; result: ApplyResult };

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
  const busy =
    uploading.isLoading ||
    describing.isFetching ||
    saving.isLoading ||
    previewing.isFetching ||
    applying.isLoading ||
    addingPacking.isLoading;

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

  const problem = useMemo(
    () =>
      mappingProblem(
        Object.fromEntries(Object.entries(columns).filter(([, v]) => v)) as Record<string, PriceListTarget>,
      ),
    [columns],
  );

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
      names[name] = {
        product_id: Number(product),
        variety_id: variety ? Number(variety) : null,
        [LOT.origin.field]: a.origin.trim() || null,
      };
    }
    try {
      const saved = await saveProfile({
        supplierId,
        body: {
          upload_id: step.upload.upload_id,
          sheet: step.upload.sheet,
          header_row: step.upload.header_row,
          columns,
          defaults,
          names,
        },
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
      setStep({
        kind: 'done',
        result: await apply({ uploadId: step.upload.upload_id, groups: [...groups], full, expected }).unwrap(),
      });
    } catch (e) {
      fail(e);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby="supplier-price-list-title"
    >
      <DialogTitle id="supplier-price-list-title">
        {t.title}
        {step.kind !== 'file' && step.kind !== 'done' ? `: ${step.upload.file_name}` : ''}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {step.kind === 'file' && (
          <>
            <Typography variant="body2">{t.intro}</Typography>
            {fixedSupplier === undefined && ownSupplier === null && (
              <TextField
                select
                size="small"
                label={t.supplier}
                value={chosenSupplier}
                helperText={listFailure(suppliers)}
                sx={{ maxWidth: 420 }}
                onChange={(e) => setChosenSupplier(e.target.value === '' ? '' : Number(e.target.value))}
              >
                {(suppliers.data ?? []).map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Button variant="outlined" component="label" startIcon={<FileUploadOutlined />} disabled={busy}>
                {t.choose}
                <input
                  hidden
                  type="file"
                  accept=".xlsx,.csv"
                  aria-label="Файл прайса поставщика"
                  onChange={(e) => {
                    setFile(e.target.files?.[0] ?? null);
                    setError(null);
                    e.target.value = '';
                  }}
                />
              </Button>
              <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
                {file?.name ?? t.noFile}
              </Typography>
            </Box>
          </>
        )}
        {step.kind === 'mapping' && (
          <MappingView
            upload={step.upload}
            columns={columns}
            setColumns={setColumns}
            defaults={defaults}
            setDefaults={setDefaults}
            answers={answers}
            setAnswers={setAnswers}
            onMove={(m) => void move(m)}
          />
        )}
        {step.kind === 'mapping' && problem && <MuiAlert severity="info">{problem}</MuiAlert>}
        {step.kind === 'preview' && (
          <PreviewView
            preview={step.preview}
            groups={groups}
            setGroups={(g) => {
              setGroups(g);
              setConfirmingGone(false);
            }}
            full={full}
            setFull={setFull}
            onAddPacking={(name) => void packingAdded(name)}
            busy={busy}
          />
        )}
        {step.kind === 'preview' && confirmingGone && removed > 0 && (
          <MuiAlert
            severity="warning"
            action={
              <>
                <Button color="inherit" size="small" onClick={() => setConfirmingGone(false)}>
                  {t.cancel}
                </Button>
                <Button color="inherit" size="small" disabled={busy} onClick={() => void run(true)}>
                  {PRICE_LIST_MSG.confirmGoneYes}
                </Button>
              </>
            }
          >
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
        <Button onClick={onClose} disabled={busy}>
          {t.close}
        </Button>
        {step.kind === 'file' && (
          <Button variant="contained" disabled={!file || supplierId === null || busy} onClick={() => void send()}>
            {t.upload}
          </Button>
        )}
        {step.kind === 'mapping' && (
          <Button variant="contained" disabled={Boolean(problem) || busy} onClick={() => void showChanges()}>
            {t.show}
          </Button>
        )}
        {step.kind === 'preview' && (
          <>
            <Button disabled={busy} onClick={() => setStep({ kind: 'mapping', upload: step.upload })}>
              {t.back}
            </Button>
            <Button variant="contained" disabled={!groups.size || busy || confirmingGone} onClick={() => void run()}>
              {t.apply}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
