// The set-password screen of an invitation (spec point 2 "Set-password screen", point 5 "Set password"), opened
// from the mailed link /invite?token=…. On success the token is saved and the user goes to /; on a failure
// (a bad, used or expired link) the whole screen becomes 'Ошибка доступа' with the server's message.
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MSG, setPasswordSchema } from '../../../domain/accounts';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../api/errors';
import { useAppDispatch } from '../../api/hooks';
import { signedIn } from '../../api/auth';
import { AuthLayout } from './AuthLayout';
import { PasswordField } from '../../components/PasswordField';
import { useSchemaForm } from '../../components/useSchemaForm';
import { useActivateAccountMutation } from './authApi';

type SetPasswordForm = { psswrd: string; confirmPsswrd: string };

export default function InvitePage() {
  const [activate, { isLoading }] = useActivateAccountMutation();
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  const form = useSchemaForm<SetPasswordForm>({
    initialValues: { psswrd: '', confirmPsswrd: '' },
    schema: setPasswordSchema,
    onSubmit: async (values) => {
      try {
        const { token } = await activate({ token: params.get('token') ?? '', ...values }).unwrap();
        dispatch(signedIn(token));
        navigate('/', { replace: true });
      } catch (error) {
        setFailure(errorMessage(error));
      }
    },
  });

  if (failure !== null) {
    return (
      <AuthLayout title={ACCOUNT_MSG.accessError}>
        <Typography role="alert" sx={{ mb: 3 }}>
          {failure}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {ACCOUNT_MSG.reload}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Установка пароля">
      <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2, mt: 1 }}>
        <PasswordField
          id="psswrd"
          name="psswrd"
          label="Пароль"
          autoComplete="new-password"
          autoFocus
          value={form.values.psswrd}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={form.visibleError('psswrd')}
        />
        <PasswordField
          id="confirmPsswrd"
          name="confirmPsswrd"
          label="Подтверждение пароля"
          autoComplete="new-password"
          value={form.values.confirmPsswrd}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={form.visibleError('confirmPsswrd')}
        />
        <Button type="submit" variant="contained" size="large" disabled={isLoading} startIcon={isLoading ? <Spinner size={18} /> : undefined}>
          Установить пароль
        </Button>
        <Link component={RouterLink} to="/login" sx={{ justifySelf: 'center' }}>
          Уже есть аккаунт? Войти
        </Link>
      </Box>
    </AuthLayout>
  );
}
