// Regenerates the docs' pictures of the real pages: docs/screenshot.png, a game in progress
// against the AI with hints on, and docs/classroom.png, the pruning example of seed 004 searched to
// its end. `node tests/e2e/screenshot.mjs` (after `make wasm`).

import path from 'node:path';
import { startServer, launchBrowser, openPage, waitReady, repoRoot } from './helpers.js';

const server = await startServer();
const browser = await launchBrowser();
try {
  const { page } = await openPage(browser, { width: 1040, height: 700 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${server.url}?black=human&white=ai&level=4&moves=f5d6c3d3c4f4f6f3e6e7c6`);
  await waitReady(page);
  await page.check('[data-testid="hints"]');
  await page.waitForFunction(() => document.querySelector('[data-square][aria-label*="score"]'));
  await page.screenshot({ path: path.join(repoRoot, 'docs', 'screenshot.png') });

  const { page: classroom } = await openPage(browser, { width: 1024, height: 700 });
  await classroom.goto(`${server.url}classroom.html?example=pruning&algorithm=alphabeta&lang=en`);
  await waitReady(classroom);
  await classroom.keyboard.press('End');
  await classroom.screenshot({ path: path.join(repoRoot, 'docs', 'classroom.png') });
} finally {
  await browser.close();
  server.close();
}
