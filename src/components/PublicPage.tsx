// A buyer's public page (the price list, ; the quote): none of the signed-in shell, its frame
// and, until its one read (usePublicRead) answers, a spinner, or the server's message when the read failed.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MuiAlert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';

/** What stands instead of the page: the read's failure, else a spinner while it is under way. */
export function PublicPending({ error }: { error: string | null }) {
  if (error)
    return (
      <Box sx={{ maxWidth: 720, mx: 'auto', mt: 6, px: 2 }}>
        <MuiAlert severity="warning">{error}</MuiAlert>
      </Box>
    );
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 8 }}>
      <CircularProgress aria-label="Загрузка" />
    </Box>
  );
}

/** The page: its title and what the caller shows under it. */
export function PublicPage({ title, maxWidth, children }: { title: ReactNode; maxWidth: number; children: ReactNode }) {
  return (
    <Box component="main" sx={{ maxWidth, mx: 'auto', p: { xs: 1.5, md: 3 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
