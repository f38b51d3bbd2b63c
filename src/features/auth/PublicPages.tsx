// The public password screens of the route table. Their flows (set, recover, reset) are their own issue;
// until then each says what it is for and leads back to sign-in.
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { AuthLayout } from './AuthLayout';

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
  return <NotYetOpen title="Восстановление пароля" linkText="Вспомнили пароль? Войти" />;
}

export function ResetPasswordPage() {
  return <NotYetOpen title="Сброс пароля" linkText="Вспомнили пароль? Войти" />;
}
