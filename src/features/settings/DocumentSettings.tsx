// The lot documents' business settings: which document types an imported lot (origin not Россия) needs
// besides its product's, 'Запрещать резерв без документов', and how many days ahead an expiry is shown and told.
// Checked by the schema the server checks them by (domain/offers/documents.ts).
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotice } from '../../components/useNotice';
import { errorMessage } from '../../api/errors';
import { useReferenceListQuery } from '../../api/references';
import {
  DOCUMENT_SETTING_TITLE,
  documentSettingsSchema,
  type DocumentSettings as Values,
} from '../../../domain/offers/documents';
import { useDocumentSettingsQuery, useSaveDocumentSettingsMutation } from './adminApi';
import { settingField } from './settingField';

export const DOCUMENT_SETTINGS_TEXTS = {
  title: 'Документы партий',
  imported: 'Импортной партии (страна происхождения не Россия) нужны, кроме документов её товара:',
  forbidHint: 'Без галочки резерв партии без действующих документов только предупреждает',
  save: 'Сохранить настройки документов',
  saved: 'Настройки документов сохранены',
} as const;

interface FormValues {
  documents_imported_types: number[];
  documents_forbid_reserve: boolean;
  documents_notice_days: string;
}

export function DocumentSettings() {
  const { data } = useDocumentSettingsQuery();
  const types = useReferenceListQuery('document_types');
  if (!data || !types.data) return null;
  return <DocumentSettingsForm initial={data} types={types.data} />;
}

function DocumentSettingsForm({ initial, types }: { initial: Values; types: { id: number; name: string }[] }) {
  const [save, { isLoading }] = useSaveDocumentSettingsMutation();
  const { say, notice } = useNotice({ mt: 2 });
  const form = useFormik<FormValues>({
    initialValues: { ...initial, documents_notice_days: String(initial.documents_notice_days) },
    validationSchema: documentSettingsSchema(types.map((t) => t.id)),
    enableReinitialize: true,
    onSubmit: async (values) => {
      const result = await save({ ...values, documents_notice_days: Number(values.documents_notice_days) });
      if ('error' in result) say('error', errorMessage(result.error));
      else say('success', DOCUMENT_SETTINGS_TEXTS.saved);
    },
  });
  const ticked = form.values.documents_imported_types;
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={form.handleSubmit}
      sx={{ p: 3, mt: 2, maxWidth: 640 }}
      aria-label={DOCUMENT_SETTINGS_TEXTS.title}
    >
      <Typography variant="h2" sx={{ mb: 2 }}>
        {DOCUMENT_SETTINGS_TEXTS.title}
      </Typography>
      <FormLabel id="documents-imported-types">{DOCUMENT_SETTINGS_TEXTS.imported}</FormLabel>
      <FormGroup role="group" aria-labelledby="documents-imported-types" sx={{ mb: 2 }}>
        {types.map((t) => (
          <FormControlLabel
            key={t.id}
            label={t.name}
            control={
              <Checkbox
                checked={ticked.includes(t.id)}
                onChange={(e) =>
                  void form.setFieldValue(
                    'documents_imported_types',
                    e.target.checked ? [...ticked, t.id].sort((a, b) => a - b) : ticked.filter((id) => id !== t.id),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
      <FormControlLabel
        label={DOCUMENT_SETTING_TITLE.documents_forbid_reserve}
        control={
          <Checkbox
            name="documents_forbid_reserve"
            checked={form.values.documents_forbid_reserve}
            onChange={form.handleChange}
          />
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {DOCUMENT_SETTINGS_TEXTS.forbidHint}
      </Typography>
      <TextField
        {...settingField(form, 'documents_notice_days', ' ')}
        label={DOCUMENT_SETTING_TITLE.documents_notice_days}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Box sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" disabled={!form.dirty || isLoading}>
          {isLoading ? 'Сохраняем...' : DOCUMENT_SETTINGS_TEXTS.save}
        </Button>
      </Box>
      {notice}
    </Paper>
  );
}
