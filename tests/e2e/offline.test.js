// Offline play and updates, in headless Chromium: the service worker (sw.js) caches the game's
// files; a new version is installed whole or not at all, and the page offers it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { startServer, startServerAndBrowser, openPage, waitReady, text, repoRoot } from './helpers.js';

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
  for (const file of ['/weights/pattern.bin', '/www/pkg/reversi_bg.wasm']) {
    const answers = server.requests.filter((request) => request.path === file).map((request) => request.status);
    assert.deepEqual(answers.filter((status) => status === 200), [200], `${file}: ${answers}`);
    assert.ok(answers.includes(304), `${file}: ${answers}`);
  }

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

/** A copy of the deployed site (the listed files, sw.js, the manifest and its script) to change. */
function copySite() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'site-'));
  const listed = readFileSync(path.join(repoRoot, 'www/offline/files.txt'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));
  for (const file of [...listed, 'sw.js', 'www/offline/files.txt', 'www/offline/manifest.js', 'scripts/build-offline.sh']) {
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

const cacheNames = (page) => page.evaluate(() => caches.keys());

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
    await page.waitForFunction(async () => (await caches.keys()).length === 1);
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
