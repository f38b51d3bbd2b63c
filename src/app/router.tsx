// Every route of the spec's route table. Sections load lazily, one chunk each, so the sign-in page carries
// none of their code.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import LoginPage from '../features/auth/LoginPage';
import { InvitePage, RecoverPasswordPage, ResetPasswordPage } from '../features/auth/PublicPages';
import { AreaGate, RequireAuth } from './guards';
import { PageSpinner } from '../components/Spinner';
import type { Area } from './access';

type SectionModule = { ListScreen: ComponentType; CreateScreen: ComponentType; EditScreen: ComponentType };
type Loader = () => Promise<SectionModule>;

const loaders: Record<Exclude<Area, 'profile' | 'settings'>, Loader> = {
  offers: () => import(/* webpackChunkName: "offers" */ '../features/offers/pages'),
  reserves: () => import(/* webpackChunkName: "reserves" */ '../features/reserves/pages'),
  employees: () => import(/* webpackChunkName: "employees" */ '../features/employees/pages'),
  suppliers: () => import(/* webpackChunkName: "suppliers" */ '../features/suppliers/pages'),
  products: () => import(/* webpackChunkName: "products" */ '../features/products/pages'),
  cities: () => import(/* webpackChunkName: "cities" */ '../features/cities/pages'),
};

const screen = (load: Loader, name: keyof SectionModule): LazyExoticComponent<ComponentType> =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const Layout = lazy(() => import(/* webpackChunkName: "shell" */ './Layout'));
const ProfilePage = lazy(() => import(/* webpackChunkName: "profile" */ '../features/profile/ProfilePage'));
const SettingsPage = lazy(() => import(/* webpackChunkName: "settings" */ '../features/settings/SettingsPage'));

function gated(area: Area, Screen: ComponentType) {
  return (
    <AreaGate area={area}>
      <Screen />
    </AreaGate>
  );
}

function sectionRoutes(section: keyof typeof loaders): RouteObject[] {
  const load = loaders[section];
  const List = screen(load, 'ListScreen');
  const Create = screen(load, 'CreateScreen');
  const Edit = screen(load, 'EditScreen');
  return [
    { path: section, element: gated(section, List) },
    { path: `${section}/create`, element: gated(section, Create) },
    { path: `${section}/:id`, element: gated(section, Edit) },
  ];
}

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/invite', element: <InvitePage /> },
  { path: '/recover-password', element: <RecoverPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
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
      { index: true, element: gated('offers', screen(loaders.offers, 'ListScreen')) },
      ...(Object.keys(loaders) as (keyof typeof loaders)[]).flatMap(sectionRoutes),
      { path: 'profile', element: gated('profile', ProfilePage) },
      { path: 'settings', element: gated('settings', SettingsPage) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
