// The form of the set-password (invitation) and reset screens: a new password, its confirmation, the submit
// button and the way back to sign-in. The screens differ in their texts and in what they do with the answer.
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { SubmitButton } from '../../components/SubmitButton';
import type { SchemaForm } from '../../components/useSchemaForm';

type NewPassword = { psswrd: string; confirmPsswrd: string };

export interface SetPasswordFormProps<V extends NewPassword> {
  form: SchemaForm<V>;
  sending: boolean;
  passwordLabel: string;
  submitLabel: string;
  /** The link to /login under the button. */
  loginLink: string;
}

export function SetPasswordForm<V extends NewPassword>({
  form,
  sending,
  passwordLabel,
  submitLabel,
  loginLink,
}: SetPasswordFormProps<V>) {
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2, mt: 1 }}>
      <NewPasswordFields form={form} label={passwordLabel} autoFocus />
      <SubmitButton sending={sending}>{submitLabel}</SubmitButton>
      <Link component={RouterLink} to="/login" sx={{ justifySelf: 'center' }}>
        {loginLink}
      </Link>
    </Box>
  );
}
