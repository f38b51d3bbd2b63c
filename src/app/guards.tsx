import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { UI } from '../../domain/messages';
import { Alert } from '../components/Alert';
import { PageSpinner } from '../components/Spinner';
import { errorMessage } from '../api/errors';
import { usePermissionsQuery } from '../api/session';
import { selectIsSignedIn } from '../api/auth';
import { useAppSelector } from '../api/hooks';
import { canOpen, type Area } from './access';

/** Any non-public path without a token goes to /login, remembering where the user was headed. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  if (!signedIn) return <Navigate to="/login" replace state={{ from: { pathname: location.pathname, search: location.search } }} />;
  return children;
}

/** A section's screens open only for callers its rule allows. */
export function AreaGate({ area, children }: { area: Area; children: ReactNode }) {
  const { data: perms, error, isLoading } = usePermissionsQuery();
  if (isLoading) return <PageSpinner />;
  if (error) return <Alert severity="error" closable={false}>{errorMessage(error)}</Alert>;
  if (!canOpen(perms, area)) return <Alert severity="warning" closable={false}>{UI.noAccess}</Alert>;
  return children;
}
