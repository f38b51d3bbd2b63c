// 'НДС при ввозе принимается к вычету': saved as soon as it is ticked or cleared; the lots of the shipments with an
// import VAT line are costed again under the regime chosen, and the notice says how many moved.
import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import { Alert } from '../../components/Alert';
import { errorMessage } from '../../api/errors';
import { IMPORT_VAT_MSG, IMPORT_VAT_TITLE } from '../../../domain/shipments/importVat';
import { useImportVatRecoveredQuery, useSaveImportVatRecoveredMutation } from './adminApi';

export function ImportVatSetting() {
  const { data } = useImportVatRecoveredQuery();
  const [save, { isLoading }] = useSaveImportVatRecoveredMutation();
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  if (data === undefined) return null;
  return (
    <Paper variant="outlined" sx={{ p: 3, mt: 2, maxWidth: 640 }}>
      <FormControlLabel
        control={
          <Checkbox
            id="setting-import_vat_recovered"
            name="import_vat_recovered"
            checked={data}
            disabled={isLoading}
            onChange={async (e) => {
              const result = await save(e.target.checked);
              setNotice(
                'error' in result
                  ? { severity: 'error', text: errorMessage(result.error) }
                  : { severity: 'success', text: IMPORT_VAT_MSG.saved(result.data.lots ?? 0) },
              );
            }}
          />
        }
        label={IMPORT_VAT_TITLE.label}
      />
      <FormHelperText>{IMPORT_VAT_TITLE.hint}</FormHelperText>
      {notice && (
        <Alert severity={notice.severity} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
    </Paper>
  );
}
