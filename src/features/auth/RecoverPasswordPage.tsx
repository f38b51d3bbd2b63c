// The password recovery screen (spec point 2 "Password recovery screen", point 5 "Recovery"): idle, sending,
// success (the instructions were sent) or error (the server's message in a closable alert).
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { ACCOUNT_MSG, recoverySchema, type RecoveryPayload } from '../../../domain/accounts';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { FormField } from '../../components/FormField';
import { errorMessage } from '../../api/errors';
import { AuthLayout } from './AuthLayout';
import { useSchemaForm } from '../../components/useSchemaForm';
import { useRecoverPasswordMutation } from './authApi';

export type RequestState = { state: 'idle' } | { state: 'sending' } | { state: 'success' } | { state: 'error'; message: string; key: number };

export default function RecoverPasswordPage() {
  const [recover] = useRecoverPasswordMutation();
  const [request, setRequest] = useState<RequestState>({ state: 'idle' });

  const form = useSchemaForm<RecoveryPayload>({
    initialValues: { email: '' },
    schema: recoverySchema,
    onSubmit: async (values) => {
      setRequest({ state: 'sending' });
      try {
        await recover({ email: values.email.trim() }).unwrap();
        setRequest({ state: 'success' });
      } catch (error) {
        setRequest({ state: 'error', message: errorMessage(error), key: Date.now() });
      }
    },
  });
  const sending = request.state === 'sending';

  return (
    <AuthLayout title="Восстановление пароля">
      {request.state === 'success' && (
        <Alert severity="success" closable={false}>
          {ACCOUNT_MSG.recoverySent}
        </Alert>
      )}
      {request.state === 'error' && (
        <Alert key={request.key} severity="error" onClose={() => setRequest({ state: 'idle' })}>
          {request.message}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2, mt: 1 }}>
        {request.state !== 'success' && (
          <>
            <FormField
              id="email"
              name="email"
              label="Email"
              type="email"
              autoComplete="username"
              autoFocus
              value={form.values.email}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
              error={form.visibleError('email')}
            />
            <Button type="submit" variant="contained" size="large" disabled={sending} startIcon={sending ? <Spinner size={18} /> : undefined}>
              Отправить
            </Button>
          </>
        )}
        <Link component={RouterLink} to="/login" sx={{ justifySelf: 'center' }}>
          Вспомнили пароль? Войти
        </Link>
      </Box>
    </AuthLayout>
  );
}
