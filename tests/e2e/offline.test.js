// Offline play and updates, in headless Chromium: the service worker (sw.js) caches the game's
// files; a new version is installed whole or not at all, and the page offers it. The classroom is
// cached once it is visited (never for the game alone); offline, a classroom never visited
// answers with a page of ours that says so.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, appendFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { startServer, startServerAndBrowser, openPage, waitReady, text, repoRoot, artifacts } from './helpers.js';

const { server, browser } = await startServerAndBrowser();

test('after a first visit the game works offline: reload with no network and play against the AI', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(server.url + '?black=human&white=ai&level=2');
  await waitReady(page);
  // The service worker has cached every listed file (its install checks them) once it is active.
  const version = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, caches: await caches.keys() };
  });
  assert.equal(version.scope, server.url);
  assert.equal(version.caches.length, 1);
  assert.match(version.caches[0], /^othello-game-[0-9a-f]{16}$/);
  // The install revalidated what the page had just downloaded: the weights and the wasm came over
  // the network once (then 304 Not Modified), not a second time.
  for (const file of ['/weights/pattern.bin', '/www/pkg/reversi_simd_bg.wasm']) {
    const answers = server.requests.filter((request) => request.path === file).map((request) => request.status);
    assert.deepEqual(answers.filter((status) => status === 200), [200], `${file}: ${answers}`);
    assert.ok(answers.includes(304), `${file}: ${answers}`);
  }
  // Only the build of the wasm this browser runs (SIMD) is downloaded and cached, not the other.
  assert.deepEqual(server.requests.filter((request) => request.path === '/www/pkg/reversi_bg.wasm'), []);
  const cached = (file) => page.evaluate(async (f) => Boolean(await caches.match(f)), file);
  assert.equal(await cached('www/pkg/reversi_simd_bg.wasm'), true);
  assert.equal(await cached('www/pkg/reversi_bg.wasm'), false);

  await context.setOffline(true);
  await page.reload();
  await waitReady(page);
  assert.equal(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), true);
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="moves"]').textContent.length === 4, null, {
    timeout: 15_000,
  });
  assert.match(await text(page, 'moves'), /^f5(d6|f6|f4)$/);
  // The web app manifest is linked and was cached with the page.
  const manifest = await page.evaluate(async () => (await fetch(document.querySelector('link[rel=manifest]').href)).json());
  assert.equal(manifest.icons.filter((i) => i.type === 'image/png').length, 2);
  await context.setOffline(false);
  assert.deepEqual(errors, []);
  await context.close();
});

const cacheNames = (page) => page.evaluate(() => caches.keys());

test('the offline lists name every module, style and wasm file of the game (its catalogues too) and of the classroom', () => {
  const list = (name) => readFileSync(path.join(repoRoot, 'www/offline', name), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  const files = (folder, pattern) =>
    readdirSync(path.join(repoRoot, folder))
      .filter((name) => pattern.test(name))
      .map((name) => `${folder}/${name}`);
  const game = list('files.txt');
  const classroom = list('classroom-files.txt');
  const missing = [
    ...[...files('www/game', /./), ...files('www/common', /./), ...files('www/i18n', /\.js$/), ...files('www/i18n/game', /./), ...files('www/pkg', /\.(js|wasm)$/)].filter((f) => !game.includes(f)),
    ...[...files('www/classroom', /./), ...files('www/pkg/classroom', /\.(js|wasm)$/)].filter((f) => !classroom.includes(f)),
  ];
  assert.deepEqual(missing, [], 'add them to www/offline/files.txt (the game) or classroom-files.txt');
});

/**
 * Polls `predicate` (an async function run in the page) until it is true. (page.waitForFunction
 * does not wait for a promise: an async predicate counts as true at once.)
 */
async function waitInPage(page, predicate, timeout = 20_000) {
  const end = Date.now() + timeout;
  while (!(await page.evaluate(predicate))) {
    if (Date.now() > end) throw new Error(`waited ${timeout} ms for ${predicate}`);
    await page.waitForTimeout(100);
  }
}

const CLASSROOM_WASM = '/www/pkg/classroom/reversi_bg.wasm';

test('after a visit of the classroom it works offline too, the heuristic lab included; the game alone never downloads it', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  const first = server.requests.length;
  const classroomAnswers = () => server.requests.slice(first).filter((r) => r.path === CLASSROOM_WASM).map((r) => r.status);
  await page.goto(server.url);
  await waitReady(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  assert.deepEqual((await cacheNames(page)).filter((name) => name.startsWith('othello-classroom-')), []);
  assert.deepEqual(classroomAnswers(), []);

  // The game's link to the classroom, online: the page starts, then asks the service worker to
  // keep it; the worker revalidates what the page has just downloaded.
  await Promise.all([page.waitForURL(/classroom\.html/), page.click('[data-testid="classroom-link"]')]);
  await waitReady(page);
  await waitInPage(page, async () => Boolean(await caches.match('classroom.html')));
  const names = await cacheNames(page);
  assert.equal(names.length, 2, names.join(' '));
  assert.equal(names.find((n) => n.startsWith('othello-classroom-')).slice(-16), names.find((n) => n.startsWith('othello-game-')).slice(-16));
  assert.deepEqual(classroomAnswers().filter((status) => status === 200), [200], `${CLASSROOM_WASM}: ${classroomAnswers()}`);

  await context.setOffline(true);
  await page.goto(`${server.url}classroom.html?example=pruning&algorithm=alphabeta&lang=en`);
  await waitReady(page);
  await page.keyboard.press('End');
  assert.match(await text(page, 'tree-result'), /^18 /);
  // The lab's match runs in module workers: their script and the wasm bindings come from the cache too.
  await page.click('#lab summary');
  await page.selectOption('[data-testid="lab-openings"]', '1');
  await page.selectOption('[data-testid="lab-a-depth"]', '1');
  await page.selectOption('[data-testid="lab-b-depth"]', '1');
  await page.click('[data-testid="lab-play"]');
  await page.waitForSelector('[data-testid="lab-result"][data-state="done"]', { timeout: 30_000 });
  assert.match(await text(page, 'lab-result'), /^2 of 2 games/);
  // And back to the game.
  await Promise.all([page.waitForURL(/index\.html/), page.click('[data-testid="game-link"]')]);
  await waitReady(page);
  await context.setOffline(false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('offline, a classroom never visited answers with a page that says it needs the network once and leads back to the game', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser, { width: 390, height: 844 });
  await page.goto(server.url);
  await waitReady(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.setOffline(true);
  await Promise.all([page.waitForURL(/classroom\.html/), page.click('[data-testid="classroom-link"]')]);
  await page.waitForSelector('[data-testid="classroom-offline"]');
  assert.match(page.url(), /\/classroom\.html\?/);
  assert.match(await page.textContent('h1'), /The classroom needs the network the first time/);
  assert.match(await page.textContent('[lang="pt"]'), /A sala de aula precisa da rede da primeira vez/);
  // Styled by its own sheet (from the game's cache), no sideways scrolling on a phone.
  assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('a.button')).textDecorationLine), 'none');
  assert.ok(await page.evaluate(() => document.scrollingElement.scrollWidth <= innerWidth));
  await page.screenshot({ path: path.join(artifacts, 'classroom-offline.png') });
  await Promise.all([page.waitForURL(/index\.html/), page.click('[data-testid="game-link"]')]);
  await waitReady(page);
  assert.equal(new URL(page.url()).pathname, '/index.html');
  await context.setOffline(false);
  assert.deepEqual(errors, []);
  await context.close();
});

/** A copy of the deployed site (the listed files, sw.js, the manifest and its script) to change. */
function copySite() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'site-'));
  const lists = ['www/offline/files.txt', 'www/offline/classroom-files.txt'];
  const listed = lists.flatMap((list) =>
    readFileSync(path.join(repoRoot, list), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  for (const file of [...listed, ...lists, 'sw.js', 'www/offline/manifest.js', 'scripts/build-offline.sh']) {
    cpSync(path.join(repoRoot, file), path.join(root, file), { recursive: true });
  }
  execFileSync(path.join(root, 'scripts/build-offline.sh'));
  return root;
}

/** Asks the browser to look for a new version; resolves to the new worker's fate. */
function checkForUpdate(page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration.update();
    const worker = registration.installing;
    if (!worker) return registration.waiting ? 'installed' : 'none';
    return new Promise((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'installed' || worker.state === 'redundant') resolve(worker.state);
      });
    });
  });
}

test('a new version is installed whole or not at all, and the page offers it', { timeout: 90_000 }, async () => {
  const root = copySite();
  const site = await startServer(root);
  const { page, context, errors } = await openPage(browser);
  try {
    await page.goto(site.url);
    await waitReady(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const [first] = await cacheNames(page);
    await page.reload();
    await waitReady(page);

    // A deployment caught half-way: the manifest is new but a file is not the one it lists.
    const css = path.join(root, 'www/game/style.css');
    appendFileSync(css, '\n/* version two */\n');
    execFileSync(path.join(root, 'scripts/build-offline.sh'));
    appendFileSync(css, '/* a file from a later deployment */\n');
    assert.equal(await checkForUpdate(page), 'redundant');
    assert.deepEqual(await cacheNames(page), [first]);
    assert.equal(await page.isHidden('[data-testid="update"]'), true);

    // The deployment completed: the new version installs and waits; the page offers it.
    execFileSync(path.join(root, 'scripts/build-offline.sh'));
    assert.equal(await checkForUpdate(page), 'installed');
    await page.reload();
    await waitReady(page);
    await page.waitForSelector('[data-testid="update"]:not([hidden])');
    // Until then this page keeps the old files.
    assert.doesNotMatch(await page.evaluate(async () => (await fetch('www/game/style.css')).text()), /later deployment/);
    await Promise.all([page.waitForEvent('load'), page.click('[data-testid="update-now"]')]);
    await waitReady(page);
    await waitInPage(page, async () => (await caches.keys()).length === 1);
    const [second] = await cacheNames(page);
    assert.notEqual(second, first);
    assert.match(await page.evaluate(async () => (await fetch('www/game/style.css')).text()), /later deployment/);
    assert.equal(await page.isHidden('[data-testid="update"]'), true);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    site.close();
  }
});

// ---------------------------------------------------------------------------------------------
// A damaged offline copy heals: checked against the manifest's hashes, dropped and fetched again.

const WASM = 'www/pkg/reversi_simd_bg.wasm';

/**
 * A server of its own for a test that takes the network away (the browser's offline mode does
 * not reach service workers: stopping the server does), and a page of a fresh context controlled
 * by the installed service worker, recording console errors, page errors and unhandled promise
 * rejections. `offline()` stops the server (and the page's network), `online()` starts it again
 * on the same port.
 */
async function controlledPage() {
  let site = await startServer();
  const opened = await openPage(browser);
  await opened.context.addInitScript(() => {
    window.addEventListener('unhandledrejection', (event) => console.error(`unhandled rejection: ${event.reason?.message ?? event.reason}`));
  });
  await opened.page.goto(site.url);
  await waitReady(opened.page);
  await opened.page.evaluate(() => navigator.serviceWorker.ready);
  await opened.page.reload();
  await waitReady(opened.page);
  assert.equal(await opened.page.evaluate(() => Boolean(navigator.serviceWorker.controller)), true);
  // Within one browser session, a reload takes the page's files from the renderer's memory cache
  // without asking the service worker; a browser started again (after the damage) has none.
  const cdp = await opened.context.newCDPSession(opened.page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return {
    ...opened,
    url: site.url,
    offline: async () => {
      await opened.context.setOffline(true);
      await site.close();
    },
    online: async () => {
      site = await startServer(repoRoot, { port: site.port });
      await opened.context.setOffline(false);
    },
    close: async () => {
      await opened.context.close();
      await site.close();
    },
  };
}

/** Puts damaged answers into the game's cache, `[path, status, body]` each. */
function damage(page, entries) {
  return page.evaluate(async (list) => {
    const [name] = (await caches.keys()).filter((n) => n.startsWith('othello-game-'));
    const cache = await caches.open(name);
    for (const [file, status, body] of list) await cache.put(new URL(file, location.href).href, new Response(body, { status }));
  }, entries);
}

/** The SHA-256 of a file as the cache holds it now ('' when it holds none). */
function cachedHash(page, file) {
  return page.evaluate(async (f) => {
    const response = await caches.match(f);
    if (!response || !response.ok) return '';
    const digest = await crypto.subtle.digest('SHA-256', await response.arrayBuffer());
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  }, file);
}

const fileHash = (file) => createHash('sha256').update(readFileSync(path.join(repoRoot, file))).digest('hex');

/** What the browser itself logs for an answer that is an error (the tests cause them). */
const failedLoads = (errors) => errors.filter((e) => !/Failed to load resource: (the server responded with a status of 503|net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED)/.test(e));

test('online, damaged copies (app.js, the wasm, the weights, the book, a 500 for the page) are dropped and fetched again', { timeout: 90_000 }, async () => {
  const { page, errors, close } = await controlledPage();
  const files = ['www/game/app.js', WASM, 'weights/pattern.bin', 'weights/book.bin', 'index.html'];
  await damage(page, [
    ['www/game/app.js', 200, 'export const broken = ;'],
    [WASM, 200, 'not a wasm module'],
    ['weights/pattern.bin', 200, 'not weights'],
    ['weights/book.bin', 200, 'not a book'],
    ['index.html', 500, 'Internal error'],
  ]);
  await page.reload();
  await waitReady(page);
  // The weights and the book arrive after the board (the book last): each copy is whole again,
  // and no notice was needed.
  for (const file of files) {
    const end = Date.now() + 20_000;
    while ((await cachedHash(page, file)) !== fileHash(file)) {
      assert.ok(Date.now() < end, `${file} was not cached whole again`);
      await page.waitForTimeout(100);
    }
  }
  // The page reads the book it got: where a game leaves the book is said after a move.
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="book-status"]').textContent !== '');
  assert.equal(await page.locator('[data-testid="notice"]').count(), 0, await page.locator('[data-testid="notices"]').textContent());
  assert.equal(await page.isHidden('[data-testid="cannot-start"]'), true);
  assert.deepEqual(errors, []);
  await close();
});

test('offline, a page that cannot start says why and offers a reload that heals it once online', { timeout: 120_000 }, async () => {
  const cases = [
    { file: 'www/game/app.js', body: 'export const broken = ;', reason: /www\/game\/app\.js was damaged or is missing\. Reload, with the network if you can, to fetch the game again\.$/ },
    { file: WASM, body: 'not a wasm module', reason: /reversi_simd_bg\.wasm was damaged or is missing/ },
  ];
  for (const { file, body, reason } of cases) {
    const { page, errors, offline, online, close } = await controlledPage();
    await damage(page, [[file, 200, body]]);
    await offline();
    await page.reload();
    await page.waitForSelector('[data-testid="cannot-start"]:not([hidden])', { timeout: 15_000 });
    await page.waitForFunction(() => /Reload/.test(document.querySelector('[data-testid="cannot-start-reason"]').textContent));
    assert.match(await text(page, 'cannot-start-reason'), reason);
    assert.equal(await page.isHidden('[data-testid="turn"]'), true);
    await page.screenshot({ path: path.join(artifacts, `cannot-start-${path.basename(file)}.png`) });
    // Back online, Reload fetches the file again: the game starts, and its copy is whole.
    await online();
    await Promise.all([page.waitForEvent('load'), page.click('[data-testid="cannot-start-reload"]')]);
    await waitReady(page);
    assert.equal(await cachedHash(page, file), fileHash(file), file);
    assert.deepEqual(failedLoads(errors), [], file);
    await close();
  }
});

test('offline, a damaged page (a cached 500) is answered with a page that says why and links to a reload', { timeout: 60_000 }, async () => {
  const { page, errors, url, offline, online, close } = await controlledPage();
  await damage(page, [['index.html', 500, 'Internal error']]);
  await offline();
  await page.reload();
  await page.waitForSelector('[data-testid="cannot-start"]');
  assert.match(await text(page, 'cannot-start-reason'), /damaged.*connect to the network and reload/);
  assert.equal(await page.getAttribute('[data-testid="cannot-start-reload"]', 'href'), url + 'index.html');
  await online();
  await Promise.all([page.waitForEvent('load'), page.click('[data-testid="cannot-start-reload"]')]);
  await waitReady(page);
  assert.equal(await cachedHash(page, 'index.html'), fileHash('index.html'));
  assert.deepEqual(failedLoads(errors), []);
  await close();
});

test('offline, an AI worker that cannot start is said, with a reload, and the board still plays', { timeout: 60_000 }, async () => {
  const { page, errors, offline, online, close } = await controlledPage();
  await damage(page, [['www/common/worker.js', 200, 'import broken from;']]);
  await offline();
  await page.reload();
  await waitReady(page);
  await page.waitForSelector('[data-testid="error"][data-key="ai"]');
  assert.match(await text(page, 'error', 'ai'), /^The AI could not start: AI worker failed/);
  assert.equal(await text(page, 'message-action'), 'Reload');
  await page.click('[data-square="f5"]');
  assert.equal(await text(page, 'moves'), 'f5');
  await online();
  await Promise.all([page.waitForEvent('load'), page.click('[data-testid="message-action"]')]);
  await waitReady(page);
  // The worker's copy was dropped by the check and fetched again: the AI answers.
  await page.waitForFunction(() => document.querySelector('[data-testid="moves"]').textContent.length === 4, null, { timeout: 20_000 });
  assert.equal(await cachedHash(page, 'www/common/worker.js'), fileHash('www/common/worker.js'));
  assert.deepEqual(failedLoads(errors), []);
  await close();
});
