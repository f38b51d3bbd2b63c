// The password reset screen (spec point 2 "Password reset screen", point 5 "Reset"), opened from the recovery
// mail's link /reset-password?token=…: only psswrd is sent with the token (spec point 3). On success the
// server has ended every other session and signed this one in: 'Пароль успешно изменен', then /.
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { ACCOUNT_MSG, resetPasswordSchema, type ResetPasswordForm } from '../../../domain/accounts';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../api/errors';
import { useAppDispatch } from '../../api/hooks';
import { signedIn } from '../../api/auth';
import { AuthLayout } from './AuthLayout';
import { PasswordField } from '../../components/PasswordField';
import { useSchemaForm } from '../../components/useSchemaForm';
import { useResetPasswordMutation } from './authApi';
import type { RequestState } from './RecoverPasswordPage';

/** How long 'Пароль успешно изменен' stays before the user is taken to /. */
export const RESET_REDIRECT_MS = 1500;

export default function ResetPasswordPage() {
  const [reset] = useResetPasswordMutation();
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [request, setRequest] = useState<RequestState>({ state: 'idle' });

  useEffect(() => {
    if (request.state !== 'success') return;
    const timer = setTimeout(() => navigate('/', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [request.state, navigate]);

  const form = useSchemaForm<ResetPasswordForm>({
    initialValues: { psswrd: '', confirmPsswrd: '' },
    schema: resetPasswordSchema,
    onSubmit: async (values) => {
      setRequest({ state: 'sending' });
      try {
        const answer = await reset({ token: params.get('token') ?? '', psswrd: values.psswrd }).unwrap();
        if (answer.token) dispatch(signedIn(answer.token));
        setRequest({ state: 'success' });
      } catch (error) {
        setRequest({ state: 'error', message: errorMessage(error), key: Date.now() });
      }
    },
  });
  const sending = request.state === 'sending';

  return (
    <AuthLayout title="Сброс пароля">
      {request.state === 'success' && (
        <Alert severity="success" closable={false}>
          {ACCOUNT_MSG.resetDone}
        </Alert>
      )}
      {request.state === 'error' && (
        <Alert key={request.key} severity="error" onClose={() => setRequest({ state: 'idle' })}>
          <AlertTitle>{ACCOUNT_MSG.resetFailed}</AlertTitle>
          {request.message}
        </Alert>
      )}
      {request.state !== 'success' && (
        <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2, mt: 1 }}>
          <PasswordField
            id="psswrd"
            name="psswrd"
            label="Новый пароль"
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
          <Button type="submit" variant="contained" size="large" disabled={sending} startIcon={sending ? <Spinner size={18} /> : undefined}>
            Сохранить пароль
          </Button>
          <Link component={RouterLink} to="/login" sx={{ justifySelf: 'center' }}>
            Вспомнили пароль? Войти
          </Link>
        </Box>
      )}
    </AuthLayout>
  );
}
