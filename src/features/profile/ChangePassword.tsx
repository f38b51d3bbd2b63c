// 'Смена пароля': the current password, then a new one with the set-password policy and the reset screen's
// messages. A wrong current password is the server's 400 ('Неверный текущий пароль'), too many a 429; on success
// every other session has ended and the form starts empty again.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { changePasswordSchema, type ChangePasswordPayload } from '../../../domain/accounts';
import { Alert } from '../../components/Alert';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { PasswordField } from '../../components/PasswordField';
import { Spinner } from '../../components/Spinner';
import { useSchemaForm } from '../../components/useSchemaForm';
import { errorMessage } from '../../api/errors';
import { useChangePasswordMutation } from './profileApi';
import { PROFILE_TEXTS as T } from './texts';

type Result = { severity: 'success' | 'error'; text: string; key: number } | null;

function PasswordForm({ onDone }: { onDone: (result: Result, clear: boolean) => void }) {
  const [change, { isLoading }] = useChangePasswordMutation();
  const form = useSchemaForm<ChangePasswordPayload>({
    initialValues: { currentPsswrd: '', psswrd: '', confirmPsswrd: '' },
    schema: changePasswordSchema,
    onSubmit: async (values) => {
      onDone(null, false);
      try {
        const answer = await change(values).unwrap();
        onDone({ severity: 'success', text: answer.message, key: Date.now() }, true);
      } catch (error) {
        onDone({ severity: 'error', text: errorMessage(error), key: Date.now() }, false);
      }
    },
  });

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
      <PasswordField
        id="currentPsswrd"
        name="currentPsswrd"
        label={T.currentPassword}
        autoComplete="current-password"
        value={form.values.currentPsswrd}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={form.visibleError('currentPsswrd')}
      />
      <NewPasswordFields form={form} label={T.newPassword} />
      <Box>
        <Button type="submit" variant="contained" disabled={isLoading} startIcon={isLoading ? <Spinner size={18} /> : undefined}>
          {T.changePassword}
        </Button>
      </Box>
    </Box>
  );
}

export function ChangePassword() {
  const [result, setResult] = useState<Result>(null);
  // a new key mounts an empty form: no password stays in the inputs once it has been changed
  const [formKey, setFormKey] = useState(0);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {result && (
        <Alert key={result.key} severity={result.severity} onClose={() => setResult(null)}>
          {result.text}
        </Alert>
      )}
      <PasswordForm
        key={formKey}
        onDone={(next, clear) => {
          setResult(next);
          if (clear) setFormKey((k) => k + 1);
        }}
      />
    </Box>
  );
}
