// The public password screens of the route table, each loaded on demand so the sign-in page's bundle carries
// none of them (bench/bundle.ts).
import { lazy, Suspense } from 'react';
import { PageSpinner } from '../../components/Spinner';

const Invite = lazy(() => import(/* webpackChunkName: "password" */ './InvitePage'));
const RecoverPassword = lazy(() => import(/* webpackChunkName: "password" */ './RecoverPasswordPage'));
const ResetPassword = lazy(() => import(/* webpackChunkName: "password" */ './ResetPasswordPage'));

export function InvitePage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Invite />
    </Suspense>
  );
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
