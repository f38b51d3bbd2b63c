// Starts the real server (embedded PGlite, demo data) on a free port in a throwaway DATA_DIR, and a real
// Debian chromium through playwright-core. Every scenario runs against these, nothing is mocked.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../domain/api';

const root = path.resolve(__dirname, '..');
export const artifacts = path.join(root, 'e2e', 'artifacts');

/** A TCP port free on 127.0.0.1 now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningApp {
  url: string;
  /** The server's DATA_DIR: its outbox/ holds the mail it sent (no SMTP_URL). */
  dataDir: string;
  stop(): Promise<void>;
}

/** The rates job's feed in a scenario: a port nobody listens on, so nothing reaches the Bank (a scenario about rates
 * names its own local feed). */
export const NO_FEED = 'http://127.0.0.1:9/scripts/XML_daily.asp';

/** `env`: settings of the server beside the harness's own (a job's interval, say). */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nutdesk-e2e-'));
  // a copy of the run's seeded data folder: the server finds its demo data and skips writing it
  const seeded = await seededDataDir();
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  const server = await startServer(dataDir, env);
  return {
    url: server.url,
    dataDir,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The real server (`server/main.ts`, embedded PGlite) on `dataDir`, listening on a free port. */
async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      CBR_RATES_URL: NO_FEED,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/login`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The node:test runner that started this scenario file (`node --test` runs each file in a child process of its
 * own), or null when the file runs some other way. */
function testRunnerPid(): number | null {
  try {
    const args = readFileSync(`/proc/${process.ppid}/cmdline`, 'utf8').split('\0');
    return args.includes('--test') ? process.ppid : null;
  } catch {
    return null;
  }
}

const SEEDED_PREFIX = 'nutdesk-e2e-seeded-';

/** One data folder per test run with the migrated database and the demo data, written by a first start of the
 * server and closed cleanly: every scenario of the run starts from a copy. A fresh folder cost each scenario an
 * initdb, every migration and the demo data (27 s of CPU; 13 s from a copy). Each `node --test` run writes its
 * own (the demo data are built around the day the run started); outside one, none (each server seeds its own). */
async function seededDataDir(): Promise<string | null> {
  const runner = testRunnerPid();
  if (runner === null) return null;
  const dir = path.join(tmpdir(), `${SEEDED_PREFIX}${runner}`);
  if (existsSync(dir)) return dir;
  // folders of runs that are over
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(name.slice(SEEDED_PREFIX.length));
    if (name.startsWith(SEEDED_PREFIX) && pid && !existsSync(`/proc/${pid}`))
      rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
  }
  const building = mkdtempSync(path.join(tmpdir(), 'nutdesk-e2e-seeding-'));
  try {
    await (await startServer(building)).stop();
    renameSync(building, dir);
  } catch (e) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(dir)) throw e;
  }
  return dir;
}

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  mkdirSync(artifacts, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export interface Scenario {
  app: RunningApp;
  browser: Browser;
}

/** What the page's Content Security Policy refused, as Chromium reports it in the console. */
const CSP_REPORT = /Content Security Policy/i;

/** Every page the browser opens reports the CSP violations it meets into `violations`. */
function watchCsp(browser: Browser, violations: string[]): void {
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (CSP_REPORT.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
    });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    watch(page);
    return page;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.on('page', watch);
    return context;
  };
}

/** Registers the hooks that start the server and the browser for a scenario file, and stop them after. A scenario
 * file fails when any of its pages met a Content Security Policy violation. */
export function scenario(env: Record<string, string> = {}): Scenario {
  const ctx = {} as Scenario;
  const violations: string[] = [];
  before(async () => {
    ctx.app = await startApp(env);
    ctx.browser = await launchBrowser();
    watchCsp(ctx.browser, violations);
  });
  after(async () => {
    await ctx.browser?.close();
    await ctx.app?.stop();
    assert.deepEqual(violations, [], 'the pages met Content Security Policy violations');
  });
  return ctx;
}

/** A new page signed in as a demo user, on the offers list. */
export async function signedInPage(
  ctx: Scenario,
  email = 'admin@nutdesk.demo',
  viewport = { width: 1440, height: 900 },
): Promise<Page> {
  const page = await ctx.browser.newPage({ viewport });
  await page.goto(`${ctx.app.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

/** On the offers list: the filter panel's 'Активный' status and one product, applied as a person does it. */
export async function filterActiveOffersOf(page: Page, product: string): Promise<void> {
  await page.getByText(/^Записей: \d+/).waitFor();
  await page.getByLabel('Открыть фильтр').click();
  const panel = page.getByRole('dialog', { name: 'Фильтр' });
  await panel.getByLabel('Активный').check();
  await panel.getByRole('group', { name: 'Товар' }).getByText(product, { exact: true }).click();
  await panel.getByRole('button', { name: 'Применить' }).click();
  await page.waitForURL(/statuses_ids=active/);
}

/** One axe-core rule the page broke, as the CI log prints it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Impacts that fail a scenario: no serious or critical violation on any page. */
export const FAILING_IMPACTS = ['serious', 'critical'];

/** Runs axe-core (the installed package, evaluated in the page through the DevTools protocol, so the page's Content
 * Security Policy neither blocks it nor reports it) over the page as it stands; answers every violation. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const source = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
    }));
  });
}

/** Prints the page's axe results (the CI log keeps them) and fails on a serious or critical violation. */
export async function assertAccessible(page: Page, label: string): Promise<AxeViolation[]> {
  // an element fading in is measured at its final colours, not half-way through its transition
  // (only animations that end: a spinner turns for ever; and never longer than 2 s)
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number(a.effect?.getComputedTiming().endTime ?? Infinity) !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const violations = await axeViolations(page);
  const line = violations.length
    ? violations
        .map((v) => `${v.impact ?? '-'} ${v.id} (${v.nodes.length}): ${v.help} — ${v.nodes.join(' | ')}`)
        .join('\n    ')
    : 'no violations';
  console.log(`axe ${label}: ${line}`);
  const failing = violations.filter((v) => v.impact !== null && FAILING_IMPACTS.includes(v.impact));
  assert.deepEqual(
    failing.map((v) => `${v.id}: ${v.nodes.join(' | ')}`),
    [],
    `${label}: serious or critical accessibility violations`,
  );
  return violations;
}

/** An editable number field's value as a number: the cards show money, weights and amounts with the Russian decimal
 * comma and no grouping ('3533,42'), a computed field grouped ('1 076,90'); null when empty. */
export async function numberValue(field: Locator): Promise<number | null> {
  const text = (await field.inputValue()).replace(/\s/g, '').replace(',', '.');
  return text === '' ? null : Number(text);
}

/** What a page shows once it has settled: reads `read` until it gives `expected` (a field filled after a request, a
 * figure computed after typing), then asserts on the last reading, so a slow machine waits and a wrong value still
 * fails with both values in the message. */
export async function assertSoon<T>(read: () => Promise<T>, expected: T, message?: string, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  let actual = await read();
  while (actual !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    actual = await read();
  }
  assert.equal(actual, expected, message);
}
