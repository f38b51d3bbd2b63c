// 'Смена пароля': the current password, then a new one with the set-password policy and the reset screen's
// messages. A wrong current password is the server's 400 ('Неверный текущий пароль'), too many a 429; on success
// every other session has ended and the form starts empty again.
import { useState } from 'react';
import Box from '@mui/material/Box';
import { changePasswordSchema, type ChangePasswordPayload } from '../../../domain/accounts';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { PasswordField } from '../../components/PasswordField';
import { SubmitButton } from '../../components/SubmitButton';
import { useSchemaForm } from '../../components/useSchemaForm';
import { useChangePasswordMutation } from './profileApi';
import { useResultAlert } from './useResultAlert';
import { PROFILE_TEXTS as T } from './texts';

type Report = ReturnType<typeof useResultAlert>['report'];

function PasswordForm({ report, onChanged }: { report: Report; onChanged: () => void }) {
  const [change, { isLoading }] = useChangePasswordMutation();
  const form = useSchemaForm<ChangePasswordPayload>({
    initialValues: { currentPsswrd: '', psswrd: '', confirmPsswrd: '' },
    schema: changePasswordSchema,
    onSubmit: async (values) => {
      if (
        await report(
          () => change(values).unwrap(),
          (answer) => answer.message,
        )
      )
        onChanged();
    },
  });

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
      <PasswordField label={T.currentPassword} autoComplete="current-password" {...form.field('currentPsswrd')} />
      <NewPasswordFields form={form} label={T.newPassword} />
      <Box>
        <SubmitButton size="medium" sending={isLoading}>
          {T.changePassword}
        </SubmitButton>
      </Box>
    </Box>
  );
}

export function ChangePassword() {
  const { alert, report } = useResultAlert();
  // a new key mounts an empty form: no password stays in the inputs once it has been changed
  const [formKey, setFormKey] = useState(0);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {alert}
      <PasswordForm key={formKey} report={report} onChanged={() => setFormKey((k) => k + 1)} />
    </Box>
  );
}
