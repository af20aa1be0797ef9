// One language system: a fourth language, served only by this test (its catalogues, and its line
// in the list of languages of www/i18n/i18n.js), is spoken by the game page, the <othello-board>
// element (in embed.html) and the classroom with no other change.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServerAndBrowser, openPage, waitReady, text, repoRoot } from './helpers.js';

const { server, browser } = await startServerAndBrowser();

/** The test's language: every English text of a catalogue, marked. */
const TAG = 'xx';
const NAME = 'Test language';
const mark = (/** @type {string} */ english) => `XX ${english}`;

/** A catalogue of the test's language made from the English one beside it (shared, game or classroom). */
const catalogue = `import english from './en.js';
export default { name: '${NAME}', strings: Object.fromEntries(Object.entries(english.strings).map(([key, text]) => [key, 'XX ' + text])) };
`;

/** A context whose server has the test's catalogues and the list of languages with its line. */
async function withTestLanguage(viewport) {
  // No service worker: its copies would answer instead of the routes.
  const opened = await openPage(browser, viewport, { serviceWorkers: 'block' });
  const list = readFileSync(path.join(repoRoot, 'www/i18n/i18n.js'), 'utf8');
  const extended = list.replace(/(export const LANGUAGE_NAMES = \{[^}]*?)\s*\};/, `$1, ${TAG}: '${NAME}' };`);
  assert.notEqual(extended, list, 'the list of languages found');
  await opened.context.route('**/www/i18n/i18n.js', (route) => route.fulfill({ contentType: 'text/javascript', body: extended }));
  for (const part of ['', 'game/', 'classroom/']) {
    await opened.context.route(`**/www/i18n/${part}${TAG}.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: catalogue }));
  }
  return opened;
}

test('a fourth catalogue, served only by the test, speaks on the game page, in the element and in the classroom', async () => {
  const { page, context, errors } = await withTestLanguage({ width: 1280, height: 800 });

  // The game page: its menu offers it, its fixed text and title are in it.
  await page.goto(`${server.url}index.html?lang=${TAG}`);
  await waitReady(page);
  assert.equal(await page.getAttribute('html', 'lang'), TAG);
  assert.equal(await page.inputValue('[data-testid="language"]'), TAG);
  assert.ok((await page.$$eval('[data-testid="language"] option', (options) => options.map((o) => o.textContent))).includes(NAME));
  assert.equal(await page.title(), mark('Othello'));
  assert.match(await text(page, 'turn'), /^XX /);

  // The element, in the iframe's page: its words from the shared catalogue.
  await page.goto(`${server.url}embed.html?lang=${TAG}`);
  await page.waitForFunction(() => document.querySelector('othello-board')?.shadowRoot?.querySelector('[aria-label]'));
  await page.waitForFunction((label) => document.querySelector('othello-board').shadowRoot.querySelector('[role="grid"]')?.getAttribute('aria-label')?.startsWith(label), 'XX ');
  assert.equal(await page.title(), mark('Othello board'));

  // The classroom: its menu, its fixed text, its replay and narration.
  await page.goto(`${server.url}classroom.html?example=lecture&lang=${TAG}`);
  await waitReady(page);
  assert.equal(await page.getAttribute('html', 'lang'), TAG);
  assert.equal(await page.inputValue('[data-testid="language"]'), TAG);
  assert.equal(await page.title(), mark('Classroom — game search step by step'));
  assert.match(await text(page, 'step-forward'), /^XX Step$/);
  await page.keyboard.press('End');
  assert.match(await text(page, 'narration'), /XX Search finished: 4 \[b, d, i\]/);
  // Chosen from the menu like any other, and back.
  await page.selectOption('[data-testid="language"]', 'en');
  assert.match(await text(page, 'step-forward'), /^Step$/);
  await page.selectOption('[data-testid="language"]', TAG);
  assert.match(await text(page, 'step-forward'), /^XX Step$/);
  assert.equal(new URL(page.url()).searchParams.get('lang'), TAG);
  assert.deepEqual(errors, []);
  await context.close();
});
