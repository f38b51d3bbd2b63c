// Renders the real app (store, theme, router with every route) at a path, over a fetch that answers like the
// server. Tests see what a user would: the screens and the requests sent.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../src/app/App';
import { routes } from '../../src/app/router';
import { makeStore } from '../../src/app/store';
import { permissionsOf, type Permissions, type Scope } from '../../domain/permissions';
import type { CurrentUser } from '../../domain/api';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A list page's pagination as the server answers it: one page holding `totalItems` rows. */
export const pagination = (totalItems: number, perPage = 20) => ({
  totalItems,
  currentPage: 1,
  firstPage: 1,
  lastPage: Math.max(1, Math.ceil(totalItems / perPage)),
  nextPage: null,
  previousPage: null,
  perPage,
  pageCount: Math.max(1, Math.ceil(totalItems / perPage)),
  pageURI: '',
});

export type Handler = (request: Request) => Response | Promise<Response> | undefined;

/** Installs a fetch mock; unhandled calls fail the test loudly. Returns the jest mock for inspecting calls. */
export function mockServer(...handlers: Handler[]) {
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    for (const handler of handlers) {
      const response = await handler(request);
      if (response) return response;
    }
    throw new Error(`unexpected request ${request.method} ${request.url}`);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

export const route =
  (method: string, path: string, respond: (request: Request) => Response | Promise<Response>): Handler =>
  (request) =>
    request.method === method && new URL(request.url).pathname === path ? respond(request) : undefined;

export function permissions(
  patch: Partial<Permissions> = {},
  scopes: Partial<Record<keyof Permissions['role_permissions'], Scope>> = {},
): Permissions {
  const role_permissions = permissionsOf('none');
  for (const [resource, scope] of Object.entries(scopes)) {
    for (const action of Object.keys(role_permissions[resource as keyof typeof role_permissions])) {
      (role_permissions as Record<string, Record<string, Scope>>)[resource][action] = scope as Scope;
    }
  }
  return {
    user_type: 'employee',
    user_id: 5,
    is_admin: false,
    role_id: 1,
    role_permissions,
    hidden_fields: {},
    ...patch,
  };
}

export const me = (patch: Partial<CurrentUser> = {}): CurrentUser => ({
  user_id: 5,
  user_type: 'employee',
  is_admin: false,
  role_id: 1,
  email: 'manager@nutdesk.demo',
  name: 'Тихонов Олег Юрьевич',
  ...patch,
});

/** The signed-in shell's two calls. */
export const signedInHandlers = (perms: Permissions, user: CurrentUser = me()) => [
  route('GET', '/api/permissions', () => json(perms)),
  route('GET', '/api/me', () => json(user)),
];

export function renderApp(path: string, { token = null as string | null } = {}) {
  if (token) localStorage.setItem('auth_token', token);
  else localStorage.removeItem('auth_token');
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, store, router };
}
