import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { selectIsSignedIn } from '../api/auth';
import { useAppSelector } from '../api/hooks';

/** Any non-public path without a token goes to /login, remembering where the user was headed. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  if (!signedIn)
    return <Navigate to="/login" replace state={{ from: { pathname: location.pathname, search: location.search } }} />;
  return children;
}
