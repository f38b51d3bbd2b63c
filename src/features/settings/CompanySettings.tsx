// The trader's name and phone: a quote's text for the buyer, its PDF and the buyer's pages sign with them; the
// seller's requisites an invoice and a УПД print. Checked as typed by the server's own schema
// (domain/settingsSchema.ts); a refused save keeps what was typed.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Alert } from '../../components/Alert';
import { errorMessage } from '../../api/errors';
import {
  COMPANY_SETTINGS,
  COMPANY_TITLE,
  companySettingsSchema,
  type CompanySettingName,
} from '../../../domain/settingsSchema';
import { REQUISITE_SETTINGS } from '../../../domain/companyRequisites';
import { VAT_REGIMES } from '../../../domain/papers/lines';
import { useCompanySettingsQuery, useSaveCompanySettingsMutation } from './adminApi';

export const COMPANY_TEXTS = {
  save: 'Сохранить данные компании',
  saved: 'Данные компании сохранены',
  requisites: 'Реквизиты для счетов и УПД',
} as const;

/** The choices a setting is picked from rather than typed. */
const CHOICES: Partial<Record<CompanySettingName, readonly { value: string; title: string }[]>> = {
  vat_regime: VAT_REGIMES,
};

type Values = Record<CompanySettingName, string>;

function CompanyForm({ initial }: { initial: Values }) {
  const [values, setValues] = useState<Values>(initial);
  const [save, { isLoading }] = useSaveCompanySettingsMutation();
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const wrong = (name: CompanySettingName): string | null => {
    try {
      companySettingsSchema.validateSyncAt(name, values);
      return null;
    } catch (e) {
      return (e as Error).message;
    }
  };
  const submit = async () => {
    if (COMPANY_SETTINGS.some((n) => wrong(n))) return;
    const result = await save(Object.fromEntries(COMPANY_SETTINGS.map((n) => [n, values[n].trim()])) as Values);
    setNotice(
      'error' in result
        ? { severity: 'error', text: errorMessage(result.error) }
        : { severity: 'success', text: COMPANY_TEXTS.saved },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 3, mt: 2, maxWidth: 640, display: 'flex', flexDirection: 'column', gap: 2 }}>
      {COMPANY_SETTINGS.map((name) => (
        <Box key={name}>
          {name === REQUISITE_SETTINGS[0] && (
            <Typography variant="subtitle1" sx={{ mt: 1, mb: 2 }}>
              {COMPANY_TEXTS.requisites}
            </Typography>
          )}
          <TextField
            id={`setting-${name}`}
            name={name}
            label={COMPANY_TITLE[name].label}
            value={values[name]}
            fullWidth
            select={Boolean(CHOICES[name])}
            error={Boolean(wrong(name))}
            helperText={wrong(name) ?? COMPANY_TITLE[name].hint}
            onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          >
            {CHOICES[name]?.map((c) => (
              <MenuItem key={c.value} value={c.value}>
                {c.title}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      ))}
      <Box>
        <Button variant="contained" disabled={isLoading} onClick={submit}>
          {COMPANY_TEXTS.save}
        </Button>
      </Box>
      {notice && (
        <Alert severity={notice.severity} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
    </Paper>
  );
}

export function CompanySettings() {
  const { data } = useCompanySettingsQuery();
  return data === undefined ? null : <CompanyForm initial={data} />;
}
