// The sign-in screen (spec point 2 "Login screen", point 5 "Login").
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { loginSchema, type LoginPayload } from '../../../domain/schemas/auth';
import { useSchemaForm } from '../../components/useSchemaForm';
import { Spinner } from '../../components/Spinner';
import { FormField } from '../../components/FormField';
import { errorMessage } from '../../api/errors';
import { useAppDispatch, useAppSelector } from '../../api/hooks';
import { AuthLayout } from './AuthLayout';
import { PasswordField } from '../../components/PasswordField';
import { postJson } from '../../api/publicCall';
import type { LoginResponse } from '../../../domain/api';
import { selectIsSignedIn, signedIn } from '../../api/auth';

// The alert (MUI's Alert with its fade and icons, ~4 KB gzipped) loads when the server has refused a sign-in,
// not with the page: the sign-in page's budget is 160 KB (bench/bundle.ts).
const Alert = lazy(() =>
  import(/* webpackChunkName: "alert" */ '../../components/Alert').then((m) => ({ default: m.Alert })),
);

export const LOGIN_TEXTS = { submit: 'Войти', working: 'Выполняется вход…' } as const;

type FromState = { from?: { pathname?: string; search?: string } } | null;

/** Where to go after signing in: the page the guard sent us from, or /. */
export function returnPath(state: FromState): string {
  const from = state?.from;
  if (!from?.pathname || from.pathname === '/login') return '/';
  return `${from.pathname}${from.search ?? ''}`;
}

export default function LoginPage() {
  // not an RTK Query mutation: RTK Query loads with the signed-in shell, after this page
  const [isLoading, setLoading] = useState(false);
  const [serverError, setServerError] = useState<{ text: string; key: number } | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const signedInAlready = useAppSelector(selectIsSignedIn);

  const form = useSchemaForm<LoginPayload>({
    initialValues: { login: '', psswd: '' },
    schema: loginSchema,
    onSubmit: async (values) => {
      setServerError(null);
      setLoading(true);
      try {
        const payload: LoginPayload = { login: values.login.trim(), psswd: values.psswd };
        const { token } = await postJson<LoginResponse>('login', payload, 'данных для входа');
        if (!token) throw new Error('no token');
        dispatch(signedIn(token));
        navigate(returnPath(location.state as FromState), { replace: true });
      } catch (error) {
        setServerError({ text: errorMessage(error), key: Date.now() });
      } finally {
        setLoading(false);
      }
    },
  });

  if (signedInAlready && !form.isSubmitting) return <Navigate to={returnPath(location.state as FromState)} replace />;

  return (
    <AuthLayout title="Вход в систему">
      {serverError && (
        <Suspense fallback={null}>
          <Alert key={serverError.key} severity="error" onClose={() => setServerError(null)}>
            {serverError.text}
          </Alert>
        </Suspense>
      )}
      <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2, mt: 1 }}>
        <FormField label="Email" type="email" autoComplete="username" autoFocus {...form.field('login')} />
        <PasswordField label="Пароль" autoComplete="current-password" {...form.field('psswd')} />
        {/* not SubmitButton: the sign-in page's bundle is at its budget, and a shared component costs bytes here */}
        {/* the button says it is working while the request is in flight (a busy server answers late) */}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={isLoading}
          aria-busy={isLoading}
          startIcon={isLoading ? <Spinner size={18} /> : undefined}
        >
          {isLoading ? LOGIN_TEXTS.working : LOGIN_TEXTS.submit}
        </Button>
        <Link component={RouterLink} to="/recover-password" sx={{ justifySelf: 'center' }}>
          Забыли пароль?
        </Link>
      </Box>
    </AuthLayout>
  );
}
