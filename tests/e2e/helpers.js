// Shared by the end-to-end tests: a static server for the repository root on a free port, and
// Debian's Chromium driven by playwright-core (no browser download).

import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
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
// would be left behind. Port 0: the system picks a free port, which the server prints.
const SERVER = `
import ctypes, os, runpy, signal, sys
PR_SET_PDEATHSIG = 1
ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
if os.getppid() == 1:
    sys.exit('the test process ended before the server started')
sys.argv = ['http.server', '0', '--bind', '127.0.0.1']
runpy.run_module('http.server', run_name='__main__')
`;

/** Serves the repository root; resolves to {url, close}. */
export function startServer() {
  return new Promise((resolve, reject) => {
    const server = spawn('python3', ['-u', '-c', SERVER], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      const match = output.match(/port (\d+)/);
      if (match) {
        server.stdout.off('data', onData);
        resolve({ url: `http://127.0.0.1:${match[1]}/`, close: () => server.kill() });
      }
    };
    server.stdout.on('data', onData);
    server.stderr.resume(); // request logs: drained, not shown
    server.on('error', reject);
    server.on('exit', (code) => reject(new Error(`static server exited (${code}): ${output}`)));
  });
}

function chromiumPath() {
  return process.env.CHROMIUM || execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser']).toString().trim();
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
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

/** Waits until the page says the board is drawn and playable. */
export async function waitReady(page) {
  await page.waitForSelector('html[data-ready="true"]', { timeout: 10_000 });
}

export async function text(page, testId) {
  return (await page.locator(`[data-testid="${testId}"]`).textContent()).trim();
}

/** Squares the human may play now, from the accessibility contract. */
export async function legalSquares(page) {
  return page.$$eval('[data-square]', (cells) =>
    cells.filter((c) => c.getAttribute('aria-label').endsWith('legal move') || c.getAttribute('aria-label').includes('legal move,')).map((c) => c.dataset.square),
  );
}
