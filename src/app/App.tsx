import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';
import { cspNonce } from '../components/cspNonce';
import { theme } from './theme';
import { AppRoutes } from './router';
import { FeatureSlots } from './slots';
import type { AppStore } from './store';

/** The styles MUI writes carry the page's CSP nonce (components/cspNonce.ts). */
let styleCache: ReturnType<typeof createCache> | undefined;
const stylesOfPage = () => (styleCache ??= createCache({ key: 'css', nonce: cspNonce() }));

/** Theme, Russian locales and the store: everything a screen needs around it (tests reuse this). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <CacheProvider value={stylesOfPage()}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <FeatureSlots>{children}</FeatureSlots>
        </ThemeProvider>
      </CacheProvider>
    </Provider>
  );
}

export function App({ store }: { store: AppStore }) {
  return (
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
