// Scenario of issue 20's headers: the SPA runs under its Content Security Policy (scripts and styles from our
// origin, inline styles only with the page's nonce) through the screens that write styles at run time — lists,
// the filter panel, table settings with drag and drop, cards, the reserve's date picker, dialogs, settings — and
// the harness fails the file on any violation Chromium reports. The headers themselves are checked on the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, signedInPage } from './harness';

const ctx = scenario();

test('the page is framed by no one, sniffed by nothing, and runs whole under its policy', async () => {
  const page = await signedInPage(ctx);
  const res = await page.goto(`${ctx.app.url}/offers`);
  const headers = res!.headers();
  const nonce = await page.locator('meta[name="csp-nonce"]').getAttribute('content');
  assert.ok(nonce && nonce.length >= 16);
  assert.match(
    headers['content-security-policy'],
    new RegExp(`style-src 'self' 'nonce-${nonce!.replace(/[+/=]/g, '\\$&')}'`),
  );
  assert.match(headers['content-security-policy'], /script-src 'self';/);
  assert.match(headers['content-security-policy'], /frame-ancestors 'none'/);
  assert.equal(headers['x-frame-options'], 'DENY');
  assert.equal(headers['x-content-type-options'], 'nosniff');
  assert.equal(headers['referrer-policy'], 'same-origin');
  // the next load has a nonce of its own
  const again = await page.goto(`${ctx.app.url}/offers`);
  assert.notEqual(await page.locator('meta[name="csp-nonce"]').getAttribute('content'), nonce);
  assert.ok(again!.headers()['content-security-policy'].includes('nonce-'));

  // the screens that write their styles at run time, each drawn in full
  await page.getByText(/^Записей: \d+/).waitFor();
  await page.getByLabel('Открыть фильтр').click();
  await page.getByRole('dialog', { name: 'Фильтр' }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Настроить таблицу' }).click();
  await page.getByText('Настройка таблицы').waitFor();
  const header = page.locator('th[data-column="status"]');
  await header.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Space');
  await page.waitForTimeout(500);
  await page.goto(`${ctx.app.url}/offers`);
  await page.getByText(/^Записей: \d+/).waitFor();
  await page.locator('tbody tr').first().click();
  await page.getByText('О предложении').first().waitFor();
  const offerId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.goto(`${ctx.app.url}/reserves/create?offer=${offerId}`);
  await page.getByText('О резерве').first().waitFor();
  await page
    .getByRole('group', { name: 'Дата реализации' })
    .getByRole('button', { name: /^Выберите дату/ })
    .click();
  await page.getByRole('grid').waitFor();
  await page.keyboard.press('Escape');
  for (const path of ['/reserves', '/employees', '/suppliers', '/products', '/cities', '/settings', '/profile']) {
    await page.goto(`${ctx.app.url}${path}`);
    // the live event stream stays open, so the network is never idle: the page loaded, its first requests done
    await page.waitForLoadState('load');
    await page
      .locator('[role="progressbar"]')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    await page.waitForTimeout(300);
  }
  // styles really come from the nonce'd tags: MUI's buttons are drawn, not left unstyled
  const cursor = await page
    .getByText('Выйти')
    .first()
    .evaluate((el) => getComputedStyle(el.closest('[role="button"], a, button') ?? el).cursor);
  assert.equal(cursor, 'pointer');
  // the API's docs run under their own policy, violation-free too
  await page.goto(`${ctx.app.url}/api/docs`);
  await page.getByText('NutDesk API').first().waitFor();
  await page.close();
});
