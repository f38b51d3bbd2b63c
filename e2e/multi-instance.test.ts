// Two app instances on one PostgreSQL behind Debian's nginx, run with deploy/nginx.conf: sign in through the proxy
// in Chromium, upload a photo through instance A and read it through instance B, then stop A (SIGTERM) and keep
// working through the proxy with no request failing. Run twice: files in PostgreSQL, then in S3 (s3rver).
// Then a client on another host (a network namespace of its own, as root with iproute2) that forges X-Forwarded-For
// and X-Forwarded-Proto: the app sees its real address and scheme, and throttles it by that; and a write whose answer
// is lost after the instance committed it is not sent again to the other instance.
// Needs DATABASE_URL (a PostgreSQL server where it may create a database), nginx and the built app (npm run build).
import { spawn, spawnSync } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser, artifacts, freePort } from './harness';
import { clusterMissing, createDatabase, startInstance, startNginx, type Instance } from './cluster';
import { startLocalS3, type LocalS3 } from '../server/__tests__/s3';
import { DEMO_PASSWORD } from '../domain/api';

const skip = clusterMissing;

/** A PNG that is a PNG: its signature and header, then bytes. */
const photo = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  randomBytes(300 * 1024),
]);

function multipart(name: string, content: Buffer): { body: Buffer; type: string } {
  const boundary = `----nutdesk-${randomBytes(4).toString('hex')}`;
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nimage\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

function scenario(title: string, withS3: boolean): void {
  describe(title, { skip }, () => {
    let db: Awaited<ReturnType<typeof createDatabase>>;
    let s3: LocalS3 | null = null;
    let a: Instance;
    let b: Instance;
    let proxy: Awaited<ReturnType<typeof startNginx>>;
    let browser: Browser;
    let token: string;

    before(async () => {
      db = await createDatabase();
      s3 = withS3 ? await startLocalS3() : null;
      // one heavy answer at a time per instance: the busy case below fills both with a few users
      const env = { DATABASE_URL: db.url, EXPORT_MAX_PER_INSTANCE: '1', ...(s3?.env ?? {}) };
      a = await startInstance(env);
      b = await startInstance(env);
      proxy = await startNginx(new URL(a.url).host, new URL(b.url).host);
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
      await proxy?.stop();
      for (const instance of [a, b]) {
        if (instance && instance.child.exitCode === null) {
          instance.child.kill('SIGTERM');
          await instance.exited;
        }
      }
      await s3?.close();
      await db?.drop();
    });

    const api = (base: string, method: string, url: string, body?: Buffer | string, type?: string) =>
      fetch(`${base}${url}`, {
        method,
        body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body),
        headers: { authorization: `Bearer ${token}`, ...(type ? { 'content-type': type } : {}) },
      });

    test('sign in through the proxy in Chromium', async () => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(`${proxy.url}/login`);
      await page.getByLabel('Email').fill('admin@nutdesk.demo');
      await page.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Войти' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByText(/^Записей: \d+/).waitFor();
      token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
      assert.match(token, /.{20,}/);
      await page.close();
    });

    test('a photo uploaded through instance A is read through instance B, byte for byte', async () => {
      const { body, type } = multipart('партия.png', photo);
      const up = await api(a.url, 'POST', '/api/files', body, type);
      assert.equal(up.status, 201, await up.clone().text());
      const { id } = (await up.json()) as { id: number };
      const got = await api(b.url, 'GET', `/api/files/${id}`);
      assert.equal(got.status, 200);
      assert.equal(got.headers.get('content-type'), 'image/png');
      assert.ok(
        Buffer.from(await got.arrayBuffer()).equals(photo),
        'the bytes read through B are those uploaded through A',
      );
      // and in the browser, through the proxy: the photo shows as an image
      const page = await browser.newPage();
      await page.goto(`${proxy.url}/login`);
      await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
      const shown = await page.evaluate(async (url) => {
        const res = await fetch(url, { headers: { authorization: `Bearer ${localStorage.getItem('auth_token')}` } });
        return { status: res.status, size: (await res.arrayBuffer()).byteLength };
      }, `/api/files/${id}`);
      assert.deepEqual(shown, { status: 200, size: photo.length });
      await page.close();
    });

    test('an offer edited through A arrives live at a browser held on B', async (t) => {
      const probe = await api(b.url, 'GET', '/api/events');
      if (probe.status === 404) {
        await probe.body?.cancel();
        t.skip('needs GET /api/events (issue 22)');
        return;
      }
      await probe.body?.cancel();
      const page = await browser.newPage();
      await page.goto(`${b.url}/login`);
      await page.evaluate((tk) => localStorage.setItem('auth_token', tk), token);
      // the page on B listens to the event stream as the SPA does, and records what arrives
      await page.evaluate(() => {
        const w = window as unknown as { received: string };
        w.received = '';
        void fetch('/api/events', {
          headers: { authorization: `Bearer ${localStorage.getItem('auth_token')}`, accept: 'text/event-stream' },
        }).then(async (res) => {
          const reader = res.body!.getReader();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            w.received += new TextDecoder().decode(value);
          }
        });
      });
      await new Promise((r) => setTimeout(r, 1000));
      const list = (await (await api(a.url, 'GET', '/api/offers?perPage=20')).json()) as { data: { id: number }[] };
      // the card carries the version a change is made on
      const offer = (await (await api(a.url, 'GET', `/api/offers/${list.data[0].id}`)).json()) as {
        id: number;
        version: number;
        unit_price: string;
      };
      const patched = await api(
        a.url,
        'PATCH',
        `/api/offers/${offer.id}`,
        JSON.stringify({ version: offer.version, unit_price: (Number(offer.unit_price) + 1).toFixed(2) }),
        'application/json',
      );
      assert.equal(patched.status, 200, await patched.clone().text());
      await page.waitForFunction(
        (id) =>
          new RegExp(`"section":"offers".*"id":${id}|"id":${id}.*"section":"offers"`).test(
            (window as unknown as { received: string }).received,
          ),
        offer.id,
        { timeout: 15_000 },
      );
      await page.close();
    });

    /** Signs a demo account in through the proxy: its token. */
    const signInThrough = async (email: string) => {
      const res = await fetch(`${proxy.url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: email, psswd: DEMO_PASSWORD }),
      });
      assert.equal(res.status, 200, `${email} signs in: ${await res.clone().text()}`);
      return ((await res.json()) as { token: string }).token;
    };
    const once = withS3 ? 'once is enough: the files-in-PostgreSQL run has it' : false;

    test(
      'users exporting at once: a busy instance answers 429 with Retry-After, nginx keeps both, an uninvolved user reads on',
      { skip: once },
      async () => {
        // each instance builds one heavy answer at a time (EXPORT_MAX_PER_INSTANCE=1, below): the accounts with three
        // downloads each in flight keep both instances at their cap. It once answered 503, which nginx counts as a failed
        // instance: both were marked down and every user got 502 'no live upstreams' (issue 50)
        const accounts = await Promise.all(
          ['admin@nutdesk.demo', 'manager@nutdesk.demo', 'warehouse@nutdesk.demo', 'supplier@nutdesk.demo'].map(
            signInThrough,
          ),
        );
        const get = (who: string, url: string) =>
          fetch(`${proxy.url}${url}`, { headers: { authorization: `Bearer ${who}` } })
            .then(async (res) => ({
              status: res.status,
              retryAfter: res.headers.get('retry-after'),
              body: Buffer.from(await res.arrayBuffer()),
            }))
            .catch((e: Error) => ({ status: 0, retryAfter: null, body: Buffer.from(e.message) }));
        // each account downloads a list it may export
        const lists = ['offers', 'reserves', 'products', 'cities', 'suppliers'].map(
          (section) => `/api/${section}/export?format=xlsx`,
        );
        const download = new Map<string, string>();
        for (const who of accounts) {
          for (const url of lists) {
            if ((await get(who, url)).status !== 200) continue;
            download.set(who, url);
            break;
          }
        }
        // the demo accounts that may export a list (the admin and role 1) download three at a time each, and one that
        // may not reads
        const exporters = [...download.keys()];
        assert.ok(exporters.length >= 2 && exporters.length < accounts.length, 'two demo accounts may export a list');
        const reader = accounts.find((who) => !exporters.includes(who))!;
        const exports: { status: number; retryAfter: string | null; body: Buffer }[] = [];
        const reads: number[] = [];
        let running = true;
        const exporting = async (who: string) => {
          while (running) exports.push(await get(who, download.get(who)!));
        };
        const reading = async () => {
          while (running) reads.push((await get(reader, '/api/offers?perPage=20')).status);
        };
        const loops = [...exporters.flatMap((who) => [exporting(who), exporting(who), exporting(who)]), reading()];
        // until the caps have refused a few (at most 30 s)
        for (let waited = 0; waited < 30_000 && exports.filter((e) => e.status === 429).length < 5; waited += 250)
          await new Promise((r) => setTimeout(r, 250));
        await new Promise((r) => setTimeout(r, 2000));
        running = false;
        await Promise.all(loops);
        const tally = (xs: number[]) =>
          Object.fromEntries([...new Set(xs)].sort().map((x) => [x, xs.filter((y) => y === x).length]));
        const refused = exports.filter((e) => e.status === 429);
        assert.ok(
          refused.length >= 5,
          `the instances' caps refused downloads: ${JSON.stringify(tally(exports.map((e) => e.status)))}`,
        );
        assert.deepEqual(
          Object.keys(tally(exports.map((e) => e.status))).filter((x) => x !== '200' && x !== '429'),
          [],
          `every download is built (200) or refused as busy (429), never 502 or 503: ${JSON.stringify(tally(exports.map((e) => e.status)))}\n${proxy.log()}`,
        );
        for (const e of refused) {
          assert.ok(Number(e.retryAfter) > 0, 'a refusal says when to come back');
          assert.match(
            JSON.parse(e.body.toString()).messages[0],
            /^(Сервер занят другими выгрузками|Одновременно можно выгружать)/,
          );
        }
        assert.ok(
          reads.length > 0 && reads.every((x) => x === 200),
          `the uninvolved user's reads all answered: ${JSON.stringify(tally(reads))}`,
        );
        // nginx still has both instances: a read lands on each
        const answered = new Set<string>();
        for (let i = 0; i < 6; i++) assert.equal((await get(reader, '/api/offers?perPage=20')).status, 200);
        for (const line of proxy.accessLog().trim().split('\n').slice(-6)) answered.add(line.split(' ').at(-2) ?? '');
        assert.deepEqual(
          [...answered].sort(),
          [new URL(a.url).host, new URL(b.url).host].sort(),
          'reads go to both instances after the busy spell',
        );
      },
    );

    test("a buyer's link token never reaches nginx's access log", { skip: once }, async () => {
      const admin = await signInThrough('admin@nutdesk.demo');
      const cities = (await (
        await fetch(`${proxy.url}/api/cities`, { headers: { authorization: `Bearer ${admin}` } })
      ).json()) as { data: { id: number }[] };
      assert.ok(cities.data?.length, JSON.stringify(cities).slice(0, 300));
      const week = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      const made = await fetch(`${proxy.url}/api/price-list/links`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ city_id: cities.data[0].id, valid_until: week }),
      });
      assert.equal(made.status, 201, await made.clone().text());
      const token = new URL(((await made.json()) as { url: string }).url).pathname.split('/').at(-1)!;
      assert.match(token, /^[A-Za-z0-9_-]{20,}$/);
      // the buyer opens the page; the page reads its API with the page's address as the Referer
      assert.equal((await fetch(`${proxy.url}/p/${token}`)).status, 200);
      const list = await fetch(`${proxy.url}/api/public/price-list/${token}`, {
        headers: { referer: `${proxy.url}/p/${token}` },
      });
      assert.equal(list.status, 200);
      await new Promise((r) => setTimeout(r, 300));
      const log = proxy.accessLog();
      assert.ok(
        log.includes('"GET /p/*** HTTP/1.1" 200') && log.includes('"GET /api/public/price-list/*** HTTP/1.1" 200'),
        `the link's requests are logged, without the token:\n${log.slice(-1500)}`,
      );
      assert.ok(log.includes(`"${proxy.url}/p/***"`), 'the Referer is logged without the token');
      assert.ok(!log.includes(token), 'the token is nowhere in the access log');
    });

    test('stop A (SIGTERM) and keep working through the proxy: no request fails', async () => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(`${proxy.url}/login`);
      await page.evaluate((tk) => localStorage.setItem('auth_token', tk), token);
      await page.goto(`${proxy.url}/`);
      await page.getByText(/^Записей: \d+/).waitFor();

      // steady traffic through the proxy: reads, and uploads (a POST) that A and B both take
      const failures: string[] = [];
      let done = 0;
      let running = true;
      const worker = async (n: number) => {
        while (running) {
          const res =
            n % 2
              ? await api(proxy.url, 'GET', '/api/offers?perPage=20').catch(
                  (e: Error) => ({ status: 0, statusText: e.message }) as Response,
                )
              : await (() => {
                  const { body, type } = multipart(`поток-${n}.png`, photo.subarray(0, 2048));
                  return api(proxy.url, 'POST', '/api/files', body, type).catch(
                    (e: Error) => ({ status: 0, statusText: e.message }) as Response,
                  );
                })();
          const text = (await (res as Response).text?.().catch(() => '')) ?? '';
          if (res.status !== 200 && res.status !== 201)
            failures.push(`${n % 2 ? 'GET' : 'POST'} ${res.status} ${res.statusText} ${text.slice(0, 200)}`);
          done++;
        }
      };
      const workers = [0, 1, 2, 3].map(worker);
      await new Promise((r) => setTimeout(r, 1500));
      const before = done;
      a.child.kill('SIGTERM');
      const code = await a.exited;
      assert.equal(code, 0, `A stopped cleanly:\n${a.output()}`);
      await new Promise((r) => setTimeout(r, 2000));
      running = false;
      await Promise.all(workers);
      assert.ok(
        before > 0 && done > before,
        `requests went through before (${before}) and after (${done - before}) the stop`,
      );
      assert.deepEqual(failures, [], `no request through the proxy failed while A stopped\n${proxy.log()}`);

      // and the browser keeps working: the list reloads, a card opens
      await page.reload();
      await page.getByText(/^Записей: \d+/).waitFor();
      await page.screenshot({
        path: path.join(artifacts, `multi-instance-${withS3 ? 's3' : 'postgres'}-after-stop.png`),
      });
      const health = await fetch(`${proxy.url}/api/health`);
      assert.equal(health.status, 200);
      await page.close();
    });
  });
}

scenario('two instances, files in PostgreSQL', false);
scenario('two instances, files in S3 (s3rver)', true);

/** Another host: a network namespace joined to this one by a veth pair, 10.234.N.2 inside, 10.234.N.1 here. Only
 * this machine's own namespaces are reached: the addresses exist between the pair and nowhere else. */
interface OutsideHost {
  /** This host's address on the pair (nginx listens on it too). */
  here: string;
  /** The other host's address: the one the app must see. */
  there: string;
  /** Runs fetch calls one after another from the other host; answers status, the named headers and the body. */
  send(
    requests: { url: string; method?: string; headers?: Record<string, string>; body?: string }[],
  ): Promise<{ status: number; hsts: string | null; body: string }[]>;
  remove(): void;
}

const canMakeHosts = process.getuid?.() === 0 && ['/usr/sbin/ip', '/usr/bin/ip', '/sbin/ip'].some((p) => existsSync(p));

function makeOutsideHost(): OutsideHost {
  const tag = randomBytes(3).toString('hex');
  const ns = `nd-out-${tag}`;
  const subnet = 16 + (parseInt(tag, 16) % 200);
  const here = `10.234.${subnet}.1`;
  const there = `10.234.${subnet}.2`;
  const ip = (...args: string[]) => {
    const run = spawnSync('ip', args, { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`ip ${args.join(' ')}: ${run.stderr}`);
  };
  ip('netns', 'add', ns);
  try {
    ip('link', 'add', `ndh${tag}`, 'type', 'veth', 'peer', 'name', `ndc${tag}`);
    ip('link', 'set', `ndc${tag}`, 'netns', ns);
    ip('addr', 'add', `${here}/30`, 'dev', `ndh${tag}`);
    ip('link', 'set', `ndh${tag}`, 'up');
    ip('netns', 'exec', ns, 'ip', 'addr', 'add', `${there}/30`, 'dev', `ndc${tag}`);
    ip('netns', 'exec', ns, 'ip', 'link', 'set', `ndc${tag}`, 'up');
  } catch (error) {
    spawnSync('ip', ['link', 'del', `ndh${tag}`]);
    spawnSync('ip', ['netns', 'del', ns]);
    throw error;
  }
  const client = `
    const requests = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    (async () => {
      const out = [];
      for (const r of requests) {
        const res = await fetch(r.url, { method: r.method ?? 'GET', headers: r.headers, body: r.body });
        out.push({ status: res.status, hsts: res.headers.get('strict-transport-security'), body: await res.text() });
      }
      process.stdout.write(JSON.stringify(out));
    })();`;
  return {
    here,
    there,
    // never spawnSync: the lossy front below runs in this process and must keep forwarding meanwhile
    send(requests) {
      const child = spawn('ip', ['netns', 'exec', ns, process.execPath, '-e', client], {
        stdio: ['pipe', 'pipe', 'pipe'],
        timeout: 120_000,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.stdin.end(JSON.stringify(requests));
      return new Promise((resolve, reject) =>
        child.once('close', (code) => {
          if (code === 0) resolve(JSON.parse(stdout) as { status: number; hsts: string | null; body: string }[]);
          else reject(new Error(`the client on ${there} failed (${code}): ${stderr}`));
        }),
      );
    },
    remove() {
      spawnSync('ip', ['link', 'del', `ndh${tag}`]);
      spawnSync('ip', ['netns', 'del', ns]);
    },
  };
}

/** An instance's front that loses answers: it passes every connection to `target`, but once armed, the next POST
 * /api/files reaches the instance (which stores the file and commits) and its answer is cut off (a reset), as when an
 * instance dies between its commit and its answer. */
async function startLossyFront(
  target: string,
): Promise<{ host: string; arm(): void; readonly lost: number; close(): Promise<void> }> {
  const [targetHost, targetPort] = target.split(':');
  const sockets = new Set<Socket>();
  let armed = false;
  let lost = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(targetPort), targetHost);
    sockets.add(client).add(upstream);
    let cut = false;
    client.once('data', (first: Buffer) => {
      if (armed && first.toString('latin1').startsWith('POST /api/files')) {
        armed = false;
        cut = true;
      }
    });
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (!cut) {
        client.write(chunk);
        return;
      }
      lost++;
      client.resetAndDestroy();
      upstream.destroy();
    });
    upstream.on('end', () => client.end());
    for (const s of [client, upstream]) {
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      s.on('close', () => sockets.delete(s));
    }
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    host: `127.0.0.1:${port}`,
    arm: () => {
      armed = true;
    },
    get lost() {
      return lost;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

describe(
  'a client on another host behind nginx: its own address, whatever it claims; a lost answer is not a second write',
  {
    skip: skip || (!canMakeHosts ? 'needs root and iproute2 (ip netns) for a client on another host' : false),
  },
  () => {
    let db: Awaited<ReturnType<typeof createDatabase>>;
    let a: Instance;
    let b: Instance;
    let front: Awaited<ReturnType<typeof startLossyFront>>;
    let proxy: Awaited<ReturnType<typeof startNginx>>;
    let outside: OutsideHost;

    before(async () => {
      db = await createDatabase();
      // five failures of one login from one address refuse that address for it (the default), and no delay to wait
      const throttle = { LOGIN_MAX_FAILURES: '5', LOGIN_DELAY_MS: '1' };
      a = await startInstance({ DATABASE_URL: db.url }, throttle);
      b = await startInstance({ DATABASE_URL: db.url }, throttle);
      front = await startLossyFront(new URL(a.url).host);
      outside = makeOutsideHost();
      proxy = await startNginx(front.host, new URL(b.url).host, outside.here);
    });
    after(async () => {
      await proxy?.stop();
      outside?.remove();
      await front?.close();
      for (const instance of [a, b]) {
        if (instance && instance.child.exitCode === null) {
          instance.child.kill('SIGTERM');
          await instance.exited;
        }
      }
      await db?.drop();
    });

    const signIn = (psswd: string, forged: string) => ({
      url: `http://${outside.here}:${proxy.port}/login`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': forged,
        'x-forwarded-proto': 'https',
        'x-real-ip': forged,
      },
      body: JSON.stringify({ login: 'admin@nutdesk.demo', psswd }),
    });

    test("the app sees the client's own address and plain http, not the forged X-Forwarded-For and -Proto", async () => {
      const [login] = await outside.send([signIn(DEMO_PASSWORD, '10.9.9.9')]);
      assert.equal(login.status, 200, login.body);
      const { token } = JSON.parse(login.body) as { token: string };
      const [listed] = await outside.send([
        {
          url: `http://${outside.here}:${proxy.port}/api/profile/sessions`,
          headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.9.9.9', 'x-forwarded-proto': 'https' },
        },
      ]);
      assert.equal(listed.status, 200, listed.body);
      const sessions = JSON.parse(listed.body) as { address: string | null; current: boolean }[];
      assert.equal(
        sessions.find((s) => s.current)?.address,
        outside.there,
        "the session was opened from the client's own address",
      );
      // HSTS is sent only on https: a plain-http client claiming https does not get it
      assert.equal(listed.hsts, null);
    });

    test('five failed sign-ins "from" five forged addresses refuse the client\'s own address; another address signs in', async () => {
      const tries = await outside.send(
        [1, 2, 3, 4, 5, 6].map((n) => signIn(n === 6 ? DEMO_PASSWORD : `не-тот-${n}`, `10.9.9.${n}`)),
      );
      assert.deepEqual(
        tries.slice(0, 5).map((t) => [t.status, JSON.parse(t.body).messages]),
        Array(5).fill([400, ['Неверный логин или пароль']]),
      );
      assert.equal(tries[5].status, 429, tries[5].body);
      assert.match(
        JSON.parse(tries[5].body).messages[0],
        /^Слишком много попыток входа\. Повторите попытку через \d+ мин\.$/,
      );
      // the same login from this host (127.0.0.1 through the proxy) with the right password still signs in
      const res = await fetch(`${proxy.url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'admin@nutdesk.demo', psswd: DEMO_PASSWORD }),
      });
      assert.equal(res.status, 200, await res.text());
    });

    test('a write whose answer was lost after the instance committed it answers 502 and is not made again on the other instance', async () => {
      const login = await fetch(`${proxy.url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'admin@nutdesk.demo', psswd: DEMO_PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };
      const name = `ответ-потерян-${randomBytes(3).toString('hex')}.png`;
      front.arm();
      // round robin: the writes alternate between the lossy front of A and B; send until A's answer was lost once
      const statuses: number[] = [];
      for (let i = 0; i < 6 && front.lost === 0; i++) {
        const { body, type } = multipart(name, photo.subarray(0, 4096));
        const res = await fetch(`${proxy.url}/api/files`, {
          method: 'POST',
          body: new Uint8Array(body),
          headers: { authorization: `Bearer ${token}`, 'content-type': type },
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      assert.equal(front.lost, 1, `A's answer was lost once (statuses ${statuses.join(', ')})`);
      assert.equal(statuses.at(-1), 502, 'the write whose answer was lost is answered 502, not tried on B');
      assert.ok(
        statuses.slice(0, -1).every((s) => s === 201),
        statuses.join(', '),
      );
      const { Client } = await import('pg');
      const client = new Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM files WHERE original_name = $1', [
        name,
      ]);
      await client.end();
      // each 201 stored one file, and the lost one was stored once, by A: none twice
      assert.equal(Number(rows[0].n), statuses.length);
    });
  },
);

// a folder the harness writes screenshots into exists whether or not a scenario ran
mkdirSync(artifacts, { recursive: true });
