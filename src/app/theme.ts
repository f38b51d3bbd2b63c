import { createTheme } from '@mui/material/styles';
import { ruRU } from '@mui/material/locale';

// Calm colours of the trade: walnut-shell olive for actions, warm neutrals for surfaces.
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#4a6b2a', contrastText: '#ffffff' },
      secondary: { main: '#a8733a' },
      background: { default: '#f5f6f1', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 500 },
      h2: { fontSize: '1.25rem', fontWeight: 500 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    },
  },
  ruRU,
);
