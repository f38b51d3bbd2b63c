import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A page's heading row: the title on the left, the page's actions on the right. */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1.5, lg: 2 }, mb: 2, flexWrap: 'wrap' }}>
      <Typography variant="h1" component="h1" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
