// Scenario of issue 2: a signed-out user opens /offers, lands on /login, signs in, comes back to
// /offers, sees the navigation of their role, and logs out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { DEMO_PASSWORD } from '../domain/api';
import { artifacts, scenario, signedInPage } from './harness';

const ctx = scenario();

test('sign in from a deep link, return to it, see the navigation, log out', async () => {
  const page = await ctx.browser.newPage({ viewport: { width: 1366, height: 800 }, locale: 'ru-RU' });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });

  await page.goto(`${ctx.app.url}/offers`);
  await page.waitForURL('**/login');
  await page.getByRole('heading', { name: 'Вход в систему' }).waitFor();
  await page.screenshot({ path: path.join(artifacts, 'login.png') });
  // the sign-in page loads none of the sections' code
  assert.deepEqual(
    scripts.filter((s) => /(offers|reserves|employees|suppliers|products|cities|shell)\./.test(s)),
    [],
  );

  // a wrong password shows the server's message and leaves us on /login
  await page.getByLabel('Email').fill('manager@nutdesk.demo');
  await page.getByLabel('Пароль', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByText('Неверный логин или пароль').waitFor();
  assert.match(page.url(), /\/login$/);

  await page.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL('**/offers');
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  assert.ok(token && token.length > 20, 'the token is stored under auth_token');

  const nav = page.getByRole('navigation');
  await nav.getByRole('link', { name: 'Предложения' }).waitFor();
  // role 1: offers and reserves, no admin settings
  assert.equal(await nav.getByText('Настройки').count(), 0);
  assert.equal(await nav.getByText('Списки').count(), 1);
  assert.equal(await nav.getByText('Профиль').count(), 1);
  await page.screenshot({ path: path.join(artifacts, 'offers-signed-in.png') });

  await nav.getByText('Выйти').click();
  await page.waitForURL('**/login');
  assert.equal(await page.evaluate(() => localStorage.getItem('auth_token')), null);

  // the old token is revoked on the server
  const res = await fetch(`${ctx.app.url}/api/me`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status, 401);
  await page.close();
});

test('the admin sees Настройки', async () => {
  const page = await signedInPage(ctx);
  const nav = page.getByRole('navigation');
  await nav.getByText('Настройки').waitFor();
  await nav.getByText('Сотрудники').waitFor();
  await page.close();
});
