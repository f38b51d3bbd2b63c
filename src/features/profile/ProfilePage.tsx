// /profile, for every signed-in user: one's own data, the change of password and the live sessions.
// The spec names the page without showing it; its calls are under /api/profile (server/profile/profile.ts).
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageTitle } from '../../components/PageTitle';
import { Alert } from '../../components/Alert';
import { PageSpinner } from '../../components/Spinner';
import { errorMessage } from '../../api/errors';
import { useProfileQuery } from './profileApi';
import { ProfileData } from './ProfileData';
import { ChangePassword } from './ChangePassword';
import { Sessions } from './Sessions';
import { PROFILE_TEXTS as T } from './texts';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: 3, mb: 2 }}>
      <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export default function ProfilePage() {
  const { data: profile, error, isLoading } = useProfileQuery();
  return (
    <>
      <PageTitle title={T.title} />
      {isLoading && <PageSpinner />}
      {error && (
        <Alert severity="error" closable={false}>
          {errorMessage(error)}
        </Alert>
      )}
      {profile && (
        <Block title={T.data}>
          {/* a saved answer with another name or phone starts the form anew from it */}
          <ProfileData key={`${profile.name}|${profile.phone ?? ''}`} profile={profile} />
        </Block>
      )}
      <Block title={T.password}>
        <ChangePassword />
      </Block>
      <Block title={T.sessions}>
        <Sessions />
      </Block>
    </>
  );
}
