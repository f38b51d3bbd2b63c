// The section registry drives the app: a section added to domain/sections.ts gets its routes, its navigation
// item (titled from the registry) and its RTK Query tags, with no other file touched.
import { screen, within } from '@testing-library/react';
import type { TagDescription } from '@reduxjs/toolkit/query';
import { json, me, mockServer, permissions, renderApp, route, signedInHandlers } from './support/render';
import type { Section } from '../domain/sections';
import type { TagType } from '../src/api/sectionApi';

// the registry's list of keys (the router reads it alone) and its entries
jest.mock('../domain/sectionKeys', () => {
  const actual = jest.requireActual('../domain/sectionKeys');
  return {
    ...actual,
    SECTIONS: [...actual.SECTIONS, 'warehouses', 'stores'],
    SCREEN_SECTIONS: [...actual.SCREEN_SECTIONS, 'warehouses', 'stores'],
  };
});
jest.mock('../domain/sections', () => {
  const actual = jest.requireActual('../domain/sections');
  const warehouses = {
    key: 'warehouses',
    title: 'Склады',
    genitive: 'складов',
    one: 'склад',
    tag: 'Warehouse',
    statuses: [{ value: 'active', title: 'Активный' }],
  };
  const stores = {
    key: 'stores',
    title: 'Кладовые',
    genitive: 'кладовых',
    one: 'кладовую',
    tag: 'Store',
    statuses: [{ value: 'active', title: 'Активный' }],
    inListsMenu: true,
  };
  return {
    ...actual,
    SECTION: { ...actual.SECTION, warehouses, stores },
  };
});

// the new sections' feature folders (features/<key>/pages), as the router loads them
jest.mock(
  '../src/features/warehouses/pages',
  () => {
    const { createElement } = jest.requireActual('react');
    return {
      ListScreen: () => createElement('h1', null, 'Склады: список'),
      CreateScreen: () => createElement('h1', null, 'Новый склад'),
      EditScreen: () => createElement('h1', null, 'Склад'),
    };
  },
  { virtual: true },
);

afterEach(() => localStorage.clear());

test('a section added to the registry has its routes and its navigation item', async () => {
  mockServer(...signedInHandlers(permissions({ is_admin: true, user_type: 'admin', role_id: null }), me()));
  renderApp('/warehouses', { token: 't' });
  expect(await screen.findByRole('heading', { name: 'Склады: список' })).toBeInTheDocument();
  const nav = await screen.findByRole('navigation', { name: 'Основная навигация' });
  const link = await within(nav).findByRole('link', { name: 'Склады' });
  expect(link).toHaveAttribute('href', '/warehouses');
  expect(link).toHaveAttribute('aria-current', 'page');
  // after the spec's items, before Профиль
  const order = [...nav.querySelectorAll('a, [role=button]')].map((n) => n.textContent);
  expect(order).toEqual([
    'Сотрудники',
    'Предложения',
    'Списки',
    'Резервы',
    'Поставки',
    'Склады',
    'Прайс-лист',
    'Подбор',
    'Котировки',
    'Счета',
    'УПД',
    'Аналитика',
    'Профиль',
    'Настройки',
    'Выйти',
  ]);
});

test("a registry section marked inListsMenu goes under 'Списки'", async () => {
  mockServer(...signedInHandlers(permissions({ is_admin: true, user_type: 'admin', role_id: null }), me()));
  renderApp('/', { token: 't' });
  const nav = await screen.findByRole('navigation', { name: 'Основная навигация' });
  await within(nav).findByText('Тихонов Олег Юрьевич');
  within(nav).getByRole('button', { name: 'Списки' }).click();
  const submenu = await within(nav).findByRole('group', { name: 'Списки' });
  expect(
    within(submenu)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')),
  ).toEqual(['/suppliers', '/products', '/cities', '/buyers', '/stores']);
});

test('the registry names the RTK Query tags: a record { type, id }, a list { type, id: LIST }', async () => {
  const { TAG_TYPES, TAGS, recordTag } = await import('../src/api/sectionApi');
  expect(TAG_TYPES).toEqual(expect.arrayContaining(['Offer', 'Reserve', 'City', 'Warehouse', 'Store']));
  expect(TAG_TYPES.filter((type) => type.includes('LIST'))).toEqual([]);
  expect(TAGS['warehouses' as Section].list).toEqual({ type: 'Warehouse', id: 'LIST' });
  expect(recordTag('stores' as Section, 4)).toEqual({ type: 'Store', id: 4 });
});

// checked by the typecheck: a tag type the registry does not name does not compile
// @ts-expect-error a misspelt section tag
export const misspelt: TagDescription<TagType> = { type: 'Ofer', id: 1 };
// @ts-expect-error a list is { type, id: 'LIST' }, no string tag of its own
export const stringList: TagDescription<TagType> = 'Offer-LIST';

test('the create and edit routes of the new section open its screens', async () => {
  mockServer(
    ...signedInHandlers(permissions({ is_admin: true, user_type: 'admin', role_id: null })),
    route('GET', '/api/x', () => json({})),
  );
  renderApp('/warehouses/7', { token: 't' });
  expect(await screen.findByRole('heading', { name: 'Склад' })).toBeInTheDocument();
});
