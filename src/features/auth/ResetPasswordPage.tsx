// The password reset screen (spec point 2 "Password reset screen", point 5 "Reset"), opened from the recovery
// mail's link /reset-password?token=…: only psswrd is sent with the token (spec point 3). On success the
// server has ended every other session and signed this one in: 'Пароль успешно изменен', then /.
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import AlertTitle from '@mui/material/AlertTitle';
import { ACCOUNT_MSG, resetPasswordSchema, type ResetPasswordForm } from '../../../domain/accounts';
import { useAppDispatch } from '../../api/hooks';
import { signedIn } from '../../api/auth';
import { AuthLayout } from './AuthLayout';
import { useSchemaForm } from '../../components/useSchemaForm';
import { SetPasswordForm } from './SetPasswordForm';
import { useResetPasswordMutation } from './authApi';
import { useRequest } from './useRequest';

/** How long 'Пароль успешно изменен' stays before the user is taken to /. */
export const RESET_REDIRECT_MS = 1500;

export default function ResetPasswordPage() {
  const [reset] = useResetPasswordMutation();
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const request = useRequest();

  useEffect(() => {
    if (request.state !== 'success') return;
    const timer = setTimeout(() => navigate('/', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [request.state, navigate]);

  const form = useSchemaForm<ResetPasswordForm>({
    initialValues: { psswrd: '', confirmPsswrd: '' },
    schema: resetPasswordSchema,
    onSubmit: (values) =>
      request.send(async () => {
        const answer = await reset({ token: params.get('token') ?? '', psswrd: values.psswrd }).unwrap();
        if (answer.token) dispatch(signedIn(answer.token));
      }),
  });

  return (
    <AuthLayout title="Сброс пароля">
      {request.alert(ACCOUNT_MSG.resetDone, <AlertTitle>{ACCOUNT_MSG.resetFailed}</AlertTitle>)}
      {request.state !== 'success' && (
        <SetPasswordForm
          form={form}
          sending={request.sending}
          passwordLabel="Новый пароль"
          submitLabel="Сохранить пароль"
          loginLink="Вспомнили пароль? Войти"
        />
      )}
    </AuthLayout>
  );
}
