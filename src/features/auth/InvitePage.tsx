// The set-password screen of an invitation (spec point 2 "Set-password screen", point 5 "Set password"), opened
// from the mailed link /invite?token=…. On success the token is saved and the user goes to /; on a failure
// (a bad, used or expired link) the whole screen becomes 'Ошибка доступа' with the server's message.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MSG, setPasswordSchema } from '../../../domain/accounts';
import { errorMessage } from '../../api/errors';
import { useAppDispatch } from '../../api/hooks';
import { signedIn } from '../../api/auth';
import { AuthLayout } from './AuthLayout';
import { useSchemaForm } from '../../components/useSchemaForm';
import { SetPasswordForm } from './SetPasswordForm';
import { useActivateAccountMutation } from './authApi';

type NewPassword = { psswrd: string; confirmPsswrd: string };

export default function InvitePage() {
  const [activate, { isLoading }] = useActivateAccountMutation();
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  const form = useSchemaForm<NewPassword>({
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
      <SetPasswordForm
        form={form}
        sending={isLoading}
        passwordLabel="Пароль"
        submitLabel="Установить пароль"
        loginLink="Уже есть аккаунт? Войти"
      />
    </AuthLayout>
  );
}
