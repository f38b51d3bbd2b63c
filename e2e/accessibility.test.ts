// Accessibility audit (issue 25): every page of the app, signed out and as each demo role, through axe-core in the
// real browser. Every page's results are printed (the CI log keeps them); a serious or critical violation fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../domain/api';
import { assertAccessible, scenario, signedInPage } from './harness';

const ctx = scenario();

const ROLES = ['admin', 'manager', 'warehouse', 'supplier'] as const;
const SECTIONS = ['offers', 'reserves', 'employees', 'suppliers', 'products', 'cities'] as const;

/** The first record of a section the signed-in user may read, through the API the page itself uses. */
async function firstId(page: Page, section: string): Promise<number | null> {
  return page.evaluate(async (name) => {
    const res = await fetch(`/api/${name}?perPage=20&sort=id&order=asc`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('auth_token')}` },
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { data: { id: number }[] };
    return body.data[0]?.id ?? null;
  }, section);
}

/** Opens a page and waits until its data has come, the spinner gone. The signed-in shell keeps the live event
 * stream open, so the network is never idle: the page is loaded, then the requests it starts are waited out. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${ctx.app.url}${path}`);
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
  await page
    .locator('[role="progressbar"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

test('signed out: the sign-in and password recovery pages', async () => {
  const page = await ctx.browser.newPage({ viewport: { width: 1440, height: 900 } });
  for (const path of ['/login', '/recover-password']) {
    await visit(page, path);
    await assertAccessible(page, `signed out ${path}`);
  }
  // a failed sign-in shows its error
  await visit(page, '/login');
  await page.getByLabel('Email').fill('admin@nutdesk.demo');
  await page.getByLabel('Пароль', { exact: true }).fill(`${DEMO_PASSWORD}x`);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByText('Неверный логин или пароль').waitFor();
  await assertAccessible(page, 'signed out /login (refused)');
  await page.close();
});

for (const role of ROLES) {
  test(`every page as ${role}`, async () => {
    const page = await signedInPage(ctx, `${role}@nutdesk.demo`);
    const paths = ['/', '/profile', '/settings'];
    for (const section of SECTIONS) {
      paths.push(`/${section}`, `/${section}/create`);
      const id = await firstId(page, section);
      if (id !== null) paths.push(`/${section}/${id}`);
    }
    const offer = await firstId(page, 'offers');
    if (offer !== null) paths.push(`/reserves/create?offer=${offer}`);
    // every page is audited and printed; the failures are told together at the end
    const failures: string[] = [];
    for (const path of paths) {
      await visit(page, path);
      await assertAccessible(page, `${role} ${path}`).catch((e: Error) => failures.push(e.message));
    }
    await page.close();
    assert.deepEqual(failures, []);
  });
}
