import { Suspense, useEffect, type MouseEvent } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { PageSpinner } from '../components/Spinner';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { ruRU as pickersRuRU } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { setupListeners } from '@reduxjs/toolkit/query/react';
import { Navigation } from './Navigation';
import { useLiveStream } from '../api/live';
import { useAppDispatch } from '../api/hooks';
// the session's reads get their shape checks with the shell, off the sign-in page
import '../api/sessionShapes';

// dates in Russian (month names, Monday first) everywhere past the sign-in page
dayjs.locale('ru');

const NAV_WIDTH = 232;
export const MAIN_ID = 'main-content';

/** The first Tab stop of every signed-in page: past the navigation's items straight to the screen (WCAG 2.4.1).
 * Out of sight until focused. */
function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={skip}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        textDecoration: 'none',
        fontWeight: 500,
        '&:focus': { top: 8 },
      }}
    >
      Перейти к содержимому
    </Box>
  );
}

/** Signed-in frame: the navigation on the left, the current screen beside it. The date pickers' Russian
 * localisation lives here, out of the sign-in page's bundle. */
export default function Layout() {
  // one live event stream per signed-in shell: lists, tiles, open cards and the bell follow other users' changes
  useLiveStream();
  const dispatch = useAppDispatch();
  // tells RTK Query when the tab is focused and online: polling pauses in the background, refetches on return
  useEffect(() => setupListeners(dispatch), [dispatch]);
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale="ru"
      localeText={pickersRuRU.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <SkipLink />
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <Paper
          square
          variant="outlined"
          sx={{
            width: NAV_WIDTH,
            flexShrink: 0,
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflowY: 'auto',
            borderTop: 0,
            borderBottom: 0,
            borderLeft: 0,
          }}
        >
          <Navigation />
        </Paper>
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, minWidth: 0, p: 3, '&:focus': { outline: 'none' } }}
        >
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </LocalizationProvider>
  );
}
