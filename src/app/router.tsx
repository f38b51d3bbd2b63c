// Every route of the spec's route table. Each section of the registry (domain/sections.ts) gets its list,
// create and edit routes; its screens load lazily, one chunk per section, so the sign-in page carries none
// of their code.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import LoginPage from '../features/auth/LoginPage';
import { InvitePage, RecoverPasswordPage, ResetPasswordPage } from '../features/auth/PublicPages';
import { SCREEN_SECTIONS, type Section } from '../../domain/sectionKeys';
import { RequireAuth } from './guards';
import { PageSpinner } from '../components/Spinner';
import type { Area } from './access';

/** What features/<section>/pages exports. */
type SectionModule = { ListScreen: ComponentType; CreateScreen: ComponentType; EditScreen: ComponentType };

// one chunk per section folder, named after it ("offers-pages")
const loadSection = (key: Section): Promise<SectionModule> =>
  import(/* webpackChunkName: "[request]" */ `../features/${key}/pages`);

const screen = (key: Section, name: keyof SectionModule): LazyExoticComponent<ComponentType> =>
  lazy(() => loadSection(key).then((m) => ({ default: m[name] })));

const Layout = lazy(() => import(/* webpackChunkName: "shell" */ './Layout'));
// the permission rules load with the shell, not with the sign-in page
const AreaGate = lazy(() => import(/* webpackChunkName: "shell" */ './AreaGate'));
const ProfilePage = lazy(() => import(/* webpackChunkName: "profile" */ '../features/profile/ProfilePage'));
const SettingsPage = lazy(() => import(/* webpackChunkName: "settings" */ '../features/settings/SettingsPage'));
const PriceListPage = lazy(() => import(/* webpackChunkName: "price-list" */ '../features/priceList/PriceListPage'));
const QuotePage = lazy(() => import(/* webpackChunkName: "quote" */ '../features/quote/QuotePage'));
const QuotesPage = lazy(() => import(/* webpackChunkName: "quotes" */ '../features/quote/QuotesPage'));
const QuoteCardPage = lazy(() => import(/* webpackChunkName: "quotes" */ '../features/quote/QuoteCardPage'));
// the buyer's page: no sign-in, none of the signed-in shell, a chunk of its own
const PublicPriceListPage = lazy(
  () => import(/* webpackChunkName: "public-price-list" */ '../features/priceList/PublicPriceListPage'),
);
const PublicQuotePage = lazy(() => import(/* webpackChunkName: "public-quote" */ '../features/quote/PublicQuotePage'));
const InvoiceListPage = lazy(() => import(/* webpackChunkName: "invoices" */ '../features/invoices/InvoiceListPage'));
const InvoiceCardPage = lazy(() => import(/* webpackChunkName: "invoices" */ '../features/invoices/InvoiceCardPage'));
const UpdListPage = lazy(() => import(/* webpackChunkName: "upd" */ '../features/upd/UpdListPage'));
const UpdCardPage = lazy(() => import(/* webpackChunkName: "upd" */ '../features/upd/UpdCardPage'));
// the charts library loads with this page alone
const AnalyticsPage = lazy(() => import(/* webpackChunkName: "analytics" */ '../features/analytics/AnalyticsPage'));

function gated(area: Area, Screen: ComponentType) {
  return (
    <AreaGate area={area}>
      <Screen />
    </AreaGate>
  );
}

function sectionRoutes(key: Section): RouteObject[] {
  return [
    { path: key, element: gated(key, screen(key, 'ListScreen')) },
    { path: `${key}/create`, element: gated(key, screen(key, 'CreateScreen')) },
    { path: `${key}/:id`, element: gated(key, screen(key, 'EditScreen')) },
  ];
}

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/invite', element: <InvitePage /> },
  { path: '/recover-password', element: <RecoverPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  {
    path: '/p/:token',
    element: (
      <Suspense fallback={<PageSpinner />}>
        <PublicPriceListPage />
      </Suspense>
    ),
  },
  {
    path: '/q/:token',
    element: (
      <Suspense fallback={<PageSpinner />}>
        <PublicQuotePage />
      </Suspense>
    ),
  },
  {
    path: '/',
    element: (
      <RequireAuth>
        <Suspense fallback={<PageSpinner />}>
          <Layout />
        </Suspense>
      </RequireAuth>
    ),
    children: [
      // the home page is the offers list
      { index: true, element: gated('offers', screen('offers', 'ListScreen')) },
      ...SCREEN_SECTIONS.flatMap(sectionRoutes),
      { path: 'profile', element: gated('profile', ProfilePage) },
      { path: 'settings', element: gated('settings', SettingsPage) },
      { path: 'price-list', element: gated('priceList', PriceListPage) },
      { path: 'quote', element: gated('quote', QuotePage) },
      { path: 'quotes', element: gated('quote', QuotesPage) },
      { path: 'quotes/:id', element: gated('quote', QuoteCardPage) },
      { path: 'analytics', element: gated('analytics', AnalyticsPage) },
      { path: 'invoices', element: gated('invoices', InvoiceListPage) },
      { path: 'invoices/:id', element: gated('invoices', InvoiceCardPage) },
      { path: 'upd', element: gated('upd', UpdListPage) },
      { path: 'upd/:id', element: gated('upd', UpdCardPage) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The routes in the page's browser router (app/App.tsx). Declarative routing, not a data router
 * (createBrowserRouter): no route uses loaders or actions, and the data router's code would be on the sign-in
 * page (~16 KB gzipped). Tests render the same `routes` in a memory router. */
export function AppRoutes() {
  return useRoutes(routes);
}
