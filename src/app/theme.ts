import { createTheme } from '@mui/material/styles';
import { ruRU } from '@mui/material/locale';

// Calm colours of the trade: walnut-shell olive for actions, warm neutrals for surfaces.
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#4a6b2a', contrastText: '#ffffff' },
      secondary: { main: '#a8733a' },
      // MUI's #ed6c02 is 3:1 on white: a warning button's text (a product's 'Деактивировать') needs 4.5:1 (axe)
      warning: { main: '#b45309' },
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
      // a read-only card's hints ('Доступно: …') stay readable: the disabled grey fails the 4.5:1 contrast (axe)
      MuiFormHelperText: {
        styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-disabled': { color: t.palette.text.secondary } }) },
      },
    },
  },
  ruRU,
);
