// A section's screens open only for callers its rule allows. Loaded with the signed-in shell: the
// permission rules are not part of the sign-in page.
import type { ReactNode } from 'react';
import { UI } from '../../domain/messages';
import { Alert } from '../components/Alert';
import { PageSpinner } from '../components/Spinner';
import { errorMessage } from '../api/errors';
import { usePermissionsQuery } from '../api/session';
import { canOpen, type Area } from './access';

export default function AreaGate({ area, children }: { area: Area; children: ReactNode }) {
  const { data: perms, error, isLoading } = usePermissionsQuery();
  if (isLoading) return <PageSpinner />;
  if (error)
    return (
      <Alert severity="error" closable={false}>
        {errorMessage(error)}
      </Alert>
    );
  if (!canOpen(perms, area))
    return (
      <Alert severity="warning" closable={false}>
        {UI.noAccess}
      </Alert>
    );
  return children;
}
