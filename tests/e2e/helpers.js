// Shared by the end-to-end tests: a static server for the repository root on a free port, and
// Debian's Chromium driven by playwright-core (no browser download).

import { spawn, execFileSync } from 'node:child_process';
import { after } from 'node:test';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');
export const artifacts = path.join(here, 'artifacts');
mkdirSync(artifacts, { recursive: true });

// Playwright leaves temporary browser profiles behind (all the more when a run is interrupted):
// each test process keeps its own in .tmp/run-<pid>, removes it at exit, and removes the folders
// of processes that are gone. Never another live run's folder.
const tmpRoot = path.join(here, '.tmp');
mkdirSync(tmpRoot, { recursive: true });
for (const name of readdirSync(tmpRoot)) {
  const pid = Number(/^run-(\d+)$/.exec(name)?.[1]);
  if (!pid || !isRunning(pid)) rmSync(path.join(tmpRoot, name), { recursive: true, force: true });
}
const tmp = path.join(tmpRoot, `run-${process.pid}`);
mkdirSync(tmp, { recursive: true });
process.env.TMPDIR = tmp;
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

// Python's static server, asking Linux to stop it when its parent (this test process) ends: a test
// process that dies abruptly (killed by the runner, a crash) runs no clean-up code, and the server
// would be left behind. Port 0: the system picks a free port, which the server prints. With an
// argument, `make play`'s server instead (scripts/serve.py: the headers of cross-origin isolation).
const SERVER = `
import ctypes, os, runpy, signal, socketserver, sys
# A queue of 128 waiting connections, not socketserver's 5 (as scripts/serve.py): a page, its
# workers and the service worker's install ask for dozens of files at once, and a connection
# dropped from a full queue waits seconds before the browser tries again.
socketserver.TCPServer.request_queue_size = 128
PR_SET_PDEATHSIG = 1
ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
if os.getppid() == 1:
    sys.exit('the test process ended before the server started')
if len(sys.argv) > 1:
    sys.argv = ['serve.py', os.environ.get('SERVE_PORT', '0'), '.']
    runpy.run_path(${JSON.stringify(path.join(repoRoot, 'scripts/serve.py'))}, run_name='__main__')
else:
    sys.argv = ['http.server', os.environ.get('SERVE_PORT', '0'), '--bind', '127.0.0.1']
    runpy.run_module('http.server', run_name='__main__')
`;

/**
 * Serves the repository root (or another folder) on a free port (or `port`); resolves to {url,
 * port, close, requests}: `requests` lists what the server answered, `{path, status}` in order
 * (from its request log); `close()` resolves once the server has stopped. `isolated`: with
 * `make play`'s headers of cross-origin isolation (scripts/serve.py), as a host that sets them
 * would.
 */
export function startServer(root = repoRoot, { port = 0, isolated = false } = {}) {
  return new Promise((resolve, reject) => {
    const server = spawn('python3', ['-u', '-c', SERVER, ...(isolated ? ['isolated'] : [])], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SERVE_PORT: String(port) },
    });
    const exited = new Promise((done) => server.once('exit', done));
    let output = '';
    const requests = [];
    const onData = (chunk) => {
      output += chunk;
      const match = output.match(/port (\d+)/);
      if (match) {
        server.stdout.off('data', onData);
        resolve({
          url: `http://127.0.0.1:${match[1]}/`,
          port: Number(match[1]),
          close: () => {
            server.kill();
            return exited;
          },
          requests,
        });
      }
    };
    server.stdout.on('data', onData);
    // The request log, one line a request: … "GET /path HTTP/1.1" 200 -
    let log = '';
    server.stderr.on('data', (chunk) => {
      const lines = (log + chunk).split('\n');
      log = lines.pop();
      for (const line of lines) {
        const request = /"[A-Z]+ (\S+) HTTP\/[\d.]+" (\d{3})/.exec(line);
        if (request) requests.push({ path: request[1], status: Number(request[2]) });
      }
    });
    server.on('error', reject);
    server.on('exit', (code) => reject(new Error(`static server exited (${code}): ${output}`)));
  });
}

function chromiumPath() {
  return process.env.CHROMIUM || execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser']).toString().trim();
}

/**
 * The usual setup of a test file: a static server of the repository and one browser, started
 * when the file loads (top-level await) and closed after its tests.
 * @returns {Promise<{server, browser}>}
 */
export async function startServerAndBrowser() {
  const server = await startServer();
  const browser = await launchBrowser();
  after(async () => {
    await browser.close();
    server.close();
  });
  return { server, browser };
}

const BROWSER_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export function launchBrowser() {
  return chromium.launch({ executablePath: chromiumPath(), args: BROWSER_ARGS });
}

/** A browser with a profile kept in `userDataDir` (what a restarted browser finds again): its one
 * context, as `chromium.launchPersistentContext` gives it. */
export function launchPersistentBrowser(userDataDir, options = {}) {
  return chromium.launchPersistentContext(userDataDir, { executablePath: chromiumPath(), args: BROWSER_ARGS, ...options });
}

/** The process id of the browser (its main process) started by this test process with the
 * profile `userDataDir`: to kill it as a crash or a power cut would. */
export function browserPid(userDataDir) {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue;
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (args.some((arg) => arg === `--user-data-dir=${userDataDir}`) && !args.some((arg) => arg.startsWith('--type='))) return Number(name);
    } catch {
      // a process that ended meanwhile
    }
  }
  throw new Error(`no browser of this test process runs with the profile ${userDataDir}`);
}

/**
 * A fresh page (own context, so own localStorage) that records console errors and page errors.
 * @returns {Promise<{page, context, errors: string[]}>}
 */
export async function openPage(browser, viewport = { width: 1280, height: 800 }, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return { page, context, errors };
}

/**
 * The classroom at `query` (`?example=lecture&lang=en`) in a fresh page, ready to use.
 * @returns {Promise<{page, context, errors: string[]}>}
 */
export async function openClassroom(browser, server, query, viewport = { width: 1024, height: 768 }, options = {}) {
  const opened = await openPage(browser, viewport, options);
  await opened.page.goto(`${server.url}classroom.html${query}`);
  await waitReady(opened.page);
  return opened;
}

/**
 * Waits until the review's table has its rows. A review that does not end in time fails with
 * what the page showed then (its progress, its messages, whether it was isolated and by whom
 * controlled): a wait that times out on a loaded machine says whether the review ran slowly,
 * stopped, or never started.
 */
export async function waitReviewed(page, timeout = 60_000) {
  try {
    await page.waitForSelector('[data-testid="review-table"] tbody tr', { timeout });
  } catch (error) {
    const shown = await page
      .evaluate(() => {
        const of = (id) => document.querySelector(`[data-testid="${id}"]`);
        const progress = of('review-progress');
        return JSON.stringify({
          summary: of('review-summary')?.textContent,
          progress: progress && !progress.hidden ? `${progress.value}/${progress.max}` : 'hidden',
          reviewButton: of('review')?.disabled ? 'disabled' : 'enabled',
          messages: [...document.querySelectorAll('[data-testid="error"], [data-testid="notice"]')].map((m) => m.textContent.trim()),
          isolated: self.crossOriginIsolated,
          controlled: Boolean(navigator.serviceWorker?.controller),
        });
      })
      .catch((reason) => `(the page could not be read: ${reason.message})`);
    throw new Error(`${error.message}\nthe page then: ${shown}`);
  }
}

/** Waits until the page says the board is drawn and playable. */
export async function waitReady(page) {
  await page.waitForSelector('html[data-ready="true"]', { timeout: 10_000 });
}

/** The text of the element of test id `testId`; for a message (`error`, `notice`) of the page's
 * list, `key` names which (its `data-key`) when there may be several. */
export async function text(page, testId, key) {
  const keyed = key ? `[data-key="${key}"]` : '';
  return (await page.locator(`[data-testid="${testId}"]${keyed}`).textContent()).trim();
}

/** Squares the human may play now, from the accessibility contract. */
export async function legalSquares(page) {
  return page.$$eval('[data-square]', (cells) =>
    cells.filter((c) => c.getAttribute('aria-label').endsWith('legal move') || c.getAttribute('aria-label').includes('legal move,')).map((c) => c.dataset.square),
  );
}

// ---------------------------------------------------------------------------------------------
// A static server in this process, for what Python's cannot do: send chosen headers (a
// Content-Security-Policy) and serve folders under sub-paths (/some/path/…), as a site would.

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/**
 * Serves folders at http://127.0.0.1:<free port>: `mounts` maps a path prefix ("/games/othello/")
 * to a folder, and every response carries `headers`. Anything else is a 404. Resolves to
 * {origin, url (of the first mount), requests (the paths asked for, in order), close}.
 */
export async function startStaticServer({ mounts, headers = {} }) {
  const { createServer } = await import('node:http');
  const { readFile } = await import('node:fs/promises');
  const requests = [];
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    requests.push(pathname);
    const mount = Object.keys(mounts).find((prefix) => pathname.startsWith(prefix));
    const root = mount && path.resolve(mounts[mount]);
    const file = mount && path.resolve(root, pathname.slice(mount.length) || 'index.html');
    if (!file || !file.startsWith(root + path.sep)) {
      response.writeHead(404, headers).end('not found');
      return;
    }
    try {
      const body = await readFile(file);
      const type = MIME_TYPES[path.extname(file)] || 'application/octet-stream';
      response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache', ...headers }).end(body);
    } catch {
      response.writeHead(404, headers).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    url: `${origin}${Object.keys(mounts)[0]}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections(); // the browser's keep-alive connections would hold it open
      }),
  };
}

/** Builds the `make dist` folder into `folder` (scripts/dist.sh; silent when up to date). */
export function buildDist(folder) {
  execFileSync(path.join(repoRoot, 'scripts/dist.sh'), [folder], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
}
