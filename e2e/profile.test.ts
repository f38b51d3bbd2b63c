// Scenarios of the profile (issue 11): a user changes their password on /profile and their other browser is
// signed out, then signs in there with the new password; a user ends one of their sessions from the list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../domain/api';
import { artifacts, scenario, signedInPage } from './harness';

const ctx = scenario();
const NEW_PASSWORD = 'Kedrovye2027';

async function openProfile(page: Page) {
  await page.goto(`${ctx.app.url}/profile`);
  await page.getByRole('heading', { name: 'Профиль' }).waitFor();
  return page.getByRole('region', { name: 'Активные сеансы' });
}

/** The sessions table's rows, without the header, once it lists `count`. */
async function sessionRows(page: Page, count: number) {
  const rows = (await openProfile(page)).getByRole('row');
  await page.waitForFunction(
    (n) => document.querySelectorAll('section[aria-label="Активные сеансы"] tbody tr').length === n,
    count,
  );
  return rows;
}

test("a new password ends the other browser's session; it signs in again with the new one", async () => {
  const here = await signedInPage(ctx, 'manager@nutdesk.demo');
  const elsewhere = await signedInPage(ctx, 'manager@nutdesk.demo');

  const rows = await sessionRows(here, 2);
  // the current session comes first and is marked; the browser is named as a person would
  await rows.nth(1).getByText('Текущий сеанс').waitFor();
  assert.match(await rows.nth(1).innerText(), /Chrome \d+, Linux/);
  assert.match(await rows.nth(1).innerText(), /127\.0\.0\.1/);
  await here.screenshot({ path: path.join(artifacts, 'profile.png'), fullPage: true });

  const password = here.getByRole('region', { name: 'Смена пароля' });
  await password.getByLabel('Текущий пароль').fill('Neverno123');
  await password.getByLabel('Новый пароль').fill(NEW_PASSWORD);
  await password.getByLabel('Подтверждение пароля').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Изменить пароль' }).click();
  await password.getByText('Неверный текущий пароль').waitFor();

  await password.getByLabel('Текущий пароль').fill(DEMO_PASSWORD);
  await password.getByRole('button', { name: 'Изменить пароль' }).click();
  await password.getByText('Пароль успешно изменен. Остальные сеансы завершены.').waitFor();
  // only this session is left, and it still works
  await here.waitForFunction(
    () => document.querySelectorAll('section[aria-label="Активные сеансы"] tbody tr').length === 1,
  );
  await here.getByText('Других активных сеансов нет').waitFor();

  // the other browser's next request is answered 401: it is signed out
  await elsewhere.goto(`${ctx.app.url}/reserves`);
  await elsewhere.waitForURL('**/login');
  await elsewhere.getByLabel('Email').fill('manager@nutdesk.demo');
  await elsewhere.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD);
  await elsewhere.getByRole('button', { name: 'Войти' }).click();
  await elsewhere.getByText('Неверный логин или пароль').waitFor();
  await elsewhere.getByLabel('Пароль', { exact: true }).fill(NEW_PASSWORD);
  await elsewhere.getByRole('button', { name: 'Войти' }).click();
  await elsewhere.waitForURL('**/reserves');
  await here.close();
  await elsewhere.close();
});

test('ending a session from the list signs that browser out', async () => {
  const here = await signedInPage(ctx, 'warehouse@nutdesk.demo');
  const other = await signedInPage(ctx, 'warehouse@nutdesk.demo');
  const rows = await sessionRows(here, 2);
  await rows
    .nth(2)
    .getByRole('button', { name: /^Завершить сеанс: / })
    .click();
  await here.getByText('Сеанс завершён').waitFor();
  await here.waitForFunction(
    () => document.querySelectorAll('section[aria-label="Активные сеансы"] tbody tr').length === 1,
  );
  assert.equal(await here.getByRole('button', { name: 'Завершить все другие сеансы' }).isDisabled(), true);

  await other.goto(`${ctx.app.url}/profile`);
  await other.waitForURL('**/login');
  // this browser is still signed in
  await here.reload();
  await here.getByRole('heading', { name: 'Профиль' }).waitFor();
  assert.match(here.url(), /\/profile$/);
  await here.close();
  await other.close();
});
