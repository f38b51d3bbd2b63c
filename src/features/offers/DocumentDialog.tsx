// One document of the offer card's 'Документы' in its dialog: a new one with its file, or an existing one's fields
// changed on the version the card saw (a stale save offers to load the current one). The fields are checked by the
// schema the server checks them by (domain/offers/documents.ts).
import { useState } from 'react';
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import {
  DOCUMENT_LABELS,
  DOCUMENT_MSG,
  LAB_PROTOCOL_TYPE,
  documentSchema,
  type DocumentType,
  type OfferDocument,
} from '../../../domain/offers/documents';
import { FILE_RULES, fileProblem } from '../../../domain/files';
import { useReferenceListQuery } from '../../api/references';
import { useBusinessToday } from '../../api/businessDay';
import { errorMessage, isApiError, type ApiError } from '../../api/errors';
import { Alert } from '../../components/Alert';
import { DayPicker } from '../../components/DayPicker';
import { staleMessage, STALE_TEXTS } from '../../components/Card/StaleAlert';
import { useAddDocumentMutation, useChangeDocumentMutation, type DocumentFields } from './documentsApi';
import { DOCUMENT_TEXTS, docName } from './documentTexts';

/** The dialog's fields as formik holds them: text as typed, '' for none. */
interface DocumentForm {
  type_id: string;
  number: string;
  issued_on: string;
  valid_until: string;
  issuer: string;
  shareable: boolean;
  aflatoxin_b1: string;
  moisture: string;
}

const formOf = (d?: OfferDocument): DocumentForm => ({
  type_id: d ? String(d.type.id) : '',
  number: d?.number ?? '',
  issued_on: d?.issued_on ?? '',
  valid_until: d?.valid_until ?? '',
  issuer: d?.issuer ?? '',
  shareable: d?.shareable ?? false,
  aflatoxin_b1:
    d?.values.aflatoxin_b1 === null || d?.values.aflatoxin_b1 === undefined
      ? ''
      : String(Number(d.values.aflatoxin_b1)).replace('.', ','),
  moisture:
    d?.values.moisture === null || d?.values.moisture === undefined
      ? ''
      : String(Number(d.values.moisture)).replace('.', ','),
});

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
const measured = (v: string) => (v.trim() === '' ? null : v.trim().replace(',', '.'));

/** What is sent: a lab protocol's values only for a lab protocol (another type keeps none). */
const fieldsOf = (v: DocumentForm, lab: boolean): DocumentFields => ({
  type_id: Number(v.type_id),
  number: orNull(v.number),
  issued_on: orNull(v.issued_on),
  valid_until: orNull(v.valid_until),
  issuer: orNull(v.issuer),
  shareable: v.shareable,
  values: lab
    ? { aflatoxin_b1: measured(v.aflatoxin_b1), moisture: measured(v.moisture) }
    : { aflatoxin_b1: null, moisture: null },
});

/** A day a picker could not read: the schema's own message says so. */
const NOT_A_DAY = 'invalid';
export function DocumentDialog({ offerId, doc, onClose }: { offerId: number; doc?: OfferDocument; onClose(): void }) {
  const today = useBusinessToday();
  const typesQuery = useReferenceListQuery('document_types');
  const types: DocumentType[] = (typesQuery.data ?? []).map((t) => ({
    id: t.id,
    name: t.name,
    expires: Boolean(t.expires),
  }));
  const [add] = useAddDocumentMutation();
  const [change] = useChangeDocumentMutation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiError | string | null>(null);
  // the version the form holds: the document's when opened, the current one once loaded after a stale save
  const [version, setVersion] = useState(doc?.version ?? 0);

  const form = useFormik<DocumentForm>({
    initialValues: formOf(doc),
    validationSchema: documentSchema(types, today),
    onSubmit: async (values) => {
      const type = types.find((t) => t.id === Number(values.type_id));
      const fields = fieldsOf(values, type?.name === LAB_PROTOCOL_TYPE);
      setFailure(null);
      try {
        if (doc) {
          await change({ offerId, id: doc.id, version, fields }).unwrap();
        } else {
          if (!file) return setFileError(DOCUMENT_MSG.file);
          await add({ offerId, file, fields }).unwrap();
        }
        onClose();
      } catch (error) {
        setFailure(isApiError(error) ? error : errorMessage(error));
      }
    },
  });
  const { values, errors, touched } = form;
  const shownError = (name: keyof DocumentForm) =>
    touched[name] || form.submitCount > 0 ? (errors[name] as string | undefined) : undefined;
  const selected = types.find((t) => t.id === Number(values.type_id));
  const lab = selected?.name === LAB_PROTOCOL_TYPE;

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    const refused = fileProblem('document', { name: chosen.name, type: chosen.type, size: chosen.size });
    setFileError(refused);
    setFile(refused ? null : chosen);
  };

  const text = (name: 'number' | 'issuer' | 'aflatoxin_b1' | 'moisture', extra: { inputMode?: 'decimal' } = {}) => (
    <TextField
      size="small"
      name={name}
      label={DOCUMENT_LABELS[name]}
      value={values[name]}
      onChange={form.handleChange}
      onBlur={form.handleBlur}
      error={Boolean(shownError(name))}
      helperText={shownError(name)}
      slotProps={{ htmlInput: extra }}
    />
  );
  const day = (name: 'issued_on' | 'valid_until') => (
    <DayPicker
      label={DOCUMENT_LABELS[name]}
      name={name}
      value={values[name]}
      onDay={(d) => void form.setFieldValue(name, d ?? NOT_A_DAY)}
      onBlur={() => void form.setFieldTouched(name, true)}
      error={Boolean(shownError(name))}
      helperText={shownError(name)}
    />
  );

  const stale = typeof failure === 'object' && failure?.stale ? failure.stale : undefined;
  return (
    <Dialog open onClose={onClose} aria-labelledby="document-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="document-dialog-title">
        {doc ? DOCUMENT_TEXTS.editTitle(docName(doc)) : DOCUMENT_TEXTS.addTitle}
      </DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="document-form"
          noValidate
          onSubmit={(e) => {
            // a new document without its file is named at once, with the fields' own messages
            if (!doc && !file) setFileError(DOCUMENT_MSG.file);
            form.handleSubmit(e);
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <TextField
            select
            size="small"
            name="type_id"
            label={DOCUMENT_LABELS.type_id}
            value={types.length ? values.type_id : ''}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            error={Boolean(shownError('type_id'))}
            helperText={shownError('type_id')}
          >
            {types.map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
          {text('number')}
          {day('issued_on')}
          {day('valid_until')}
          {text('issuer')}
          {lab && text('aflatoxin_b1', { inputMode: 'decimal' })}
          {lab && text('moisture', { inputMode: 'decimal' })}
          <FormControlLabel
            control={<Checkbox name="shareable" checked={values.shareable} onChange={form.handleChange} />}
            label={DOCUMENT_LABELS.shareable}
          />
          {!doc && (
            <Box>
              <Button component="label" variant="outlined" startIcon={<UploadFile />}>
                {DOCUMENT_TEXTS.chooseFile}
                <input
                  type="file"
                  hidden
                  aria-label={DOCUMENT_TEXTS.fileInput}
                  accept={FILE_RULES.document.extensions.map((e) => `.${e}`).join(',')}
                  onChange={(e) => {
                    pick(e.target.files?.[0]);
                    e.target.value = '';
                  }}
                />
              </Button>
              <Typography component="span" sx={{ ml: 1 }} data-testid="document-file">
                {file?.name ?? FILE_RULES.document.label}
              </Typography>
              {fileError && <FormHelperText error>{fileError}</FormHelperText>}
            </Box>
          )}
          {failure && (
            <Alert
              severity="error"
              closable={false}
              action={
                stale && doc ? (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      form.resetForm({ values: formOf(doc) });
                      setVersion(doc.version);
                      setFailure(null);
                    }}
                  >
                    {STALE_TEXTS.load}
                  </Button>
                ) : undefined
              }
            >
              {typeof failure === 'string' ? failure : stale ? staleMessage(failure.message, stale) : failure.message}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{DOCUMENT_TEXTS.cancel}</Button>
        <Button type="submit" form="document-form" variant="contained" disabled={form.isSubmitting}>
          {DOCUMENT_TEXTS.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
