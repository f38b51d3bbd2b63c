// The business setting a short arrival is shared by: first come first served, or in proportion. Saved
// as soon as it is chosen; the next 'Принять поступление' follows it.
import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { Alert } from '../../components/Alert';
import { errorMessage } from '../../api/errors';
import { SHORTFALL_RULES, SHORTFALL_TITLE } from '../../../domain/offers/logistics';
import { useSaveShortfallRuleMutation, useShortfallRuleQuery } from './adminApi';

export const SHORTFALL_TEXTS = {
  hint: 'Как делится поступление, если пришло меньше, чем зарезервировано',
  saved: 'Правило недопоставки сохранено',
} as const;

export function ShortfallRuleSetting() {
  const { data } = useShortfallRuleQuery();
  const [save, { isLoading }] = useSaveShortfallRuleMutation();
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  if (data === undefined) return null;
  return (
    <Paper variant="outlined" sx={{ p: 3, mt: 2, maxWidth: 640 }}>
      <TextField
        select
        fullWidth
        id="setting-shortfall_rule"
        name="shortfall_rule"
        label={SHORTFALL_TITLE}
        value={data}
        disabled={isLoading}
        helperText={SHORTFALL_TEXTS.hint}
        onChange={async (e) => {
          const result = await save(e.target.value);
          setNotice(
            'error' in result
              ? { severity: 'error', text: errorMessage(result.error) }
              : { severity: 'success', text: SHORTFALL_TEXTS.saved },
          );
        }}
      >
        {SHORTFALL_RULES.map((r) => (
          <MenuItem key={r.value} value={r.value}>
            {r.title}
          </MenuItem>
        ))}
      </TextField>
      {notice && (
        <Alert severity={notice.severity} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
    </Paper>
  );
}
