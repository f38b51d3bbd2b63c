// The screens a person would look at before a change lands, as PNGs in e2e/artifacts/screens/: the offers page,
// a list with a filter applied and the navigation with 'Списки' open, at 1024 and 1440 px, plus the offer card.
// Needs a build (npm run build). Run: npm run screens. Asserts nothing: the scenarios do that.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { artifacts, launchBrowser, signedInPage, startApp, type Scenario } from './harness';

const out = path.join(artifacts, 'screens');

async function main() {
  mkdirSync(out, { recursive: true });
  const ctx: Scenario = { app: await startApp(), browser: await launchBrowser() };
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(out, `${name}.png`) });
  try {
    for (const width of [1024, 1440]) {
      const page = await signedInPage(ctx, 'admin@nutdesk.demo', { width, height: 800 });
      await page.locator('tbody tr[data-row-id]').first().waitFor();
      await shot(page, `offers-${width}`);

      await page.goto(`${ctx.app.url}/reserves?statuses_ids=completed`);
      await page.locator('tbody tr[data-row-id]').first().waitFor();
      await shot(page, `reserves-filtered-${width}`);

      await page.getByRole('button', { name: 'Списки' }).click();
      await page.getByRole('group', { name: 'Списки' }).waitFor();
      await page.waitForTimeout(400); // the submenu's opening transition
      await shot(page, `navigation-lists-${width}`);

      await page.goto(`${ctx.app.url}/offers`);
      await page.locator('tbody tr[data-row-id] a.cell-link').first().click();
      await page.waitForURL(/\/offers\/\d+/);
      await page.getByRole('tab').first().waitFor();
      await page.waitForTimeout(500); // photos
      await shot(page, `offer-card-${width}`);
      await page.close();
    }
    console.log(`screens written to ${out}`);
  } finally {
    await ctx.browser.close();
    await ctx.app.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
