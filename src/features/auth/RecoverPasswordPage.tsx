// The password recovery screen (spec point 2 "Password recovery screen", point 5 "Recovery"): idle, sending,
// success (the instructions were sent) or error (the server's message in a closable alert).
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { ACCOUNT_MSG, recoverySchema, type RecoveryPayload } from '../../../domain/accounts';
import { SubmitButton } from '../../components/SubmitButton';
import { FormField } from '../../components/FormField';
import { AuthLayout } from './AuthLayout';
import { useSchemaForm } from '../../components/useSchemaForm';
import { useRecoverPasswordMutation } from './authApi';
import { useRequest } from './useRequest';

export default function RecoverPasswordPage() {
  const [recover] = useRecoverPasswordMutation();
  const request = useRequest();

  const form = useSchemaForm<RecoveryPayload>({
    initialValues: { email: '' },
    schema: recoverySchema,
    onSubmit: (values) => request.send(() => recover({ email: values.email.trim() }).unwrap()),
  });

  return (
    <AuthLayout title="Восстановление пароля">
      {request.alert(ACCOUNT_MSG.recoverySent)}
      <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2, mt: 1 }}>
        {request.state !== 'success' && (
          <>
            <FormField label="Email" type="email" autoComplete="username" autoFocus {...form.field('email')} />
            <SubmitButton sending={request.sending}>Отправить</SubmitButton>
          </>
        )}
        <Link component={RouterLink} to="/login" sx={{ justifySelf: 'center' }}>
          Вспомнили пароль? Войти
        </Link>
      </Box>
    </AuthLayout>
  );
}
