// The frame of the public screens: a centred card under the brand, and the footer of spec point 2.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export const BRAND = 'NutDesk';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: 4 }}>
          <Typography sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: 0.5, mb: 1 }}>{BRAND}</Typography>
          <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
            {title}
          </Typography>
          {children}
        </Paper>
      </Box>
      <Box component="footer" sx={{ textAlign: 'center', py: 2, color: 'text.secondary', fontSize: 14 }}>
        © 2024 {BRAND}
      </Box>
    </Box>
  );
}
