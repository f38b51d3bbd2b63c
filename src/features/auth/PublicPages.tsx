// The public password screens of the route table, each loaded on demand so the sign-in page's bundle carries
// none of them (bench/bundle.ts).
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageSpinner } from '../../components/Spinner';
import { AuthLayout } from './AuthLayout';

const RecoverPassword = lazy(() => import(/* webpackChunkName: "password" */ './RecoverPasswordPage'));
const ResetPassword = lazy(() => import(/* webpackChunkName: "password" */ './ResetPasswordPage'));

function NotYetOpen({ title, linkText }: { title: string; linkText: string }) {
  return (
    <AuthLayout title={title}>
      <Typography sx={{ mb: 3, color: 'text.secondary' }}>
        Обратитесь к администратору: он выдаст новую ссылку или задаст пароль.
      </Typography>
      <Link component={RouterLink} to="/login">
        {linkText}
      </Link>
    </AuthLayout>
  );
}

export function InvitePage() {
  return <NotYetOpen title="Установка пароля" linkText="Уже есть аккаунт? Войти" />;
}

export function RecoverPasswordPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <RecoverPassword />
    </Suspense>
  );
}

export function ResetPasswordPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <ResetPassword />
    </Suspense>
  );
}
