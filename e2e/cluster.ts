// Two (or more) instances of the built app on one PostgreSQL behind Debian's nginx with deploy/nginx.conf, as the
// two-instance scenario (e2e/multi-instance.test.ts) and the soak (bench/soak.ts) run them. Needs DATABASE_URL (a
// PostgreSQL server where it may create a database), nginx and the built app (npm run build).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { freePort } from './harness';

const root = path.resolve(__dirname, '..');
const DATABASE_URL = process.env.DATABASE_URL;
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
/** Why the cluster cannot run here, or false. */
export const clusterMissing = !DATABASE_URL
  ? 'needs DATABASE_URL (a PostgreSQL server): the two-instance scenario runs on PostgreSQL only'
  : !NGINX
    ? 'needs nginx (apt-get install nginx)'
    : !existsSync(path.join(root, 'dist', 'index.html'))
      ? 'needs the built app (npm run build)'
      : false;

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  output: () => string,
  ms = 120_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} not ready in ${ms / 1000} s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface Instance {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start` as a deployment runs it, on its own port and its own data folder, on the shared database. */
export async function startInstance(
  env: Record<string, string>,
  extra: Record<string, string> = {},
): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nutdesk-multi-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      CBR_RATES_URL: 'http://127.0.0.1:9/scripts/XML_daily.asp',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    `instance on ${port}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`instance exited (${child.exitCode}):\n${output}`);
      return (await fetch(`${url}/api/health`)).ok;
    },
    () => output,
  );
  return { url, child, output: () => output, exited };
}

/** A database of its own on the PostgreSQL server, migrated and seeded with the demo data set. */
export async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const { Client } = await import('pg');
  const name = `nutdesk_multi_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(DATABASE_URL!);
  target.pathname = `/${name}`;
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'server/scripts/seed.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: target.toString() },
    encoding: 'utf8',
  });
  if (seed.status !== 0) throw new Error(`seed failed:\n${seed.stdout}${seed.stderr}`);
  return {
    url: target.toString(),
    async drop() {
      const c = new Client({ connectionString: DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await c.end();
    },
  };
}

/** Debian's nginx with deploy/nginx.conf, the two upstreams (host:port) in its upstream block, on a free port of
 * 127.0.0.1 (and of `alsoOn`, an address of this host), as a non-root process with every path it writes under one
 * temporary folder. */
export async function startNginx(
  a: string,
  b: string,
  alsoOn?: string,
): Promise<{ url: string; port: number; stop(): Promise<void>; log: () => string; accessLog: () => string }> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'nutdesk-nginx-'));
  const site = readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8')
    .replace('server 127.0.0.1:3001', `server ${a}`)
    .replace('server 127.0.0.1:3002', `server ${b}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};${alsoOn ? ` listen ${alsoOn}:${port};` : ''}`)
    .replace('/var/log/nginx/nutdesk.access.log', `${dir}/nutdesk.access.log`);
  assert.ok(
    site.includes(`listen 127.0.0.1:${port};`) &&
      site.includes(b) &&
      site.includes(`${dir}/nutdesk.access.log nutdesk;`),
    'deploy/nginx.conf has the upstream, listen and access_log lines the scenario replaces',
  );
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub));
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `
daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { text/html html; application/javascript js; text/css css; }
${site}
}
`,
  );
  // never as root: when the scenario itself runs as root, nginx runs as nobody
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync('chown', ['-R', '65534:65534', dir]);
  const child = spawn(NGINX!, ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const log = () => `${output}${existsSync(`${dir}/error.log`) ? readFileSync(`${dir}/error.log`, 'utf8') : ''}`;
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    'nginx',
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${log()}`);
      return (await fetch(`${url}/api/health`)).ok;
    },
    log,
    30_000,
  );
  return {
    url,
    port,
    log,
    accessLog: () => (existsSync(`${dir}/nutdesk.access.log`) ? readFileSync(`${dir}/nutdesk.access.log`, 'utf8') : ''),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
