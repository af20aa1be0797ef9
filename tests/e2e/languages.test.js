// The game page, the <othello-board> element and its iframe in Brazilian and European Portuguese:
// no English left after playing, opening the menus, the review and an export; the language chosen
// from the browser, the address, the menu (kept across a reload) and the element's lang attribute;
// numbers with a decimal comma. Screenshots of the game in each language at three sizes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServerAndBrowser, openPage, waitReady, artifacts, repoRoot, waitReviewed } from './helpers.js';

const { server, browser } = await startServerAndBrowser();

/** English words any page text may hold in Portuguese: names, notations, units, the words the
 * two languages share. */
const ALLOWED = new Set(
  ('othello reversi ggf obf pattern wasm webassembly javascript ctrl min workers worker iframe embed html ' +
    'casual total diagonal opening offline human ai level').split(' '),
);

/** Every word of the English catalogue that is not also a word of `lang`'s: what must not show. */
async function englishOnly(lang) {
  const words = async (tag) => {
    const catalogues = await Promise.all([`${tag}.js`, `game/${tag}.js`].map((file) => import(path.join(repoRoot, 'www/i18n', file))));
    const texts = catalogues.flatMap(({ default: catalogue }) => Object.values(catalogue.strings));
    return new Set(texts.join(' ').replace(/\{\w+\}/g, ' ').toLowerCase().match(/[a-z]{3,}/g));
  };
  const [english, other] = await Promise.all([words('en'), words(lang)]);
  return new Set([...english].filter((w) => !other.has(w) && !ALLOWED.has(w)));
}

/** What a reader meets on the page: visible text, the options of every menu, labels, titles,
 * placeholders, the graph's titles; the opening names (proper names, the same in every
 * language) left out. */
function pageText() {
  const parts = [document.title, document.body.innerText];
  for (const element of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    parts.push(element.getAttribute('aria-label') ?? '', element.getAttribute('title') ?? '', element.getAttribute('placeholder') ?? '');
  }
  for (const option of document.querySelectorAll('select:not(#play-opening):not(#language) option')) parts.push(option.textContent ?? '');
  for (const title of document.querySelectorAll('svg title')) parts.push(title.textContent ?? '');
  const opening = document.querySelector('#opening-name')?.textContent ?? '';
  // Each name as the menu shows it ("Tiger (5)") and bare (the opening explorer's).
  const playOpening = [...document.querySelectorAll('#play-opening option')].flatMap((o) => [o.textContent ?? '', /** @type {HTMLOptionElement} */ (o).value]);
  let all = parts.join('\n');
  // Longest first: a short name ("Mimura") must not cut a longer one ("Mimura Variation II").
  for (const name of [opening, ...playOpening].filter(Boolean).sort((a, b) => b.length - a.length)) all = all.split(name).join(' ');
  return all;
}

/** The element's text (its shadow root) and labels. */
function boardText() {
  const root = /** @type {ShadowRoot} */ (document.querySelector('othello-board').shadowRoot);
  const parts = [document.title, /** @type {HTMLElement} */ (root.querySelector('.layout')).innerText];
  for (const element of root.querySelectorAll('[aria-label]')) parts.push(element.getAttribute('aria-label'));
  return parts.join('\n');
}

/** The opening names of the book's list and each part of a joined one ("Buffalo/Kenichi
 * Variation"): names, not words of a language, shown as they are (the opening explorer's). */
const OPENING_NAMES = readFileSync(path.join(repoRoot, 'data/openings.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .flatMap((line) => {
    const name = line.trim().replace(/^\S+\s+/, '');
    return [name, ...name.split('/')];
  })
  .sort((a, b) => b.length - a.length);

function englishIn(text, forbidden) {
  for (const name of OPENING_NAMES) text = text.split(name).join(' ');
  return [...new Set((text.toLowerCase().match(/[a-z]{3,}/g) || []).filter((w) => forbidden.has(w)))];
}

/** Plays the first legal square `count` times (the board's own markers, in any language). */
async function playSome(page, count) {
  for (let i = 0; i < count; i++) {
    await page.waitForSelector('.board-grid .legal', { timeout: 15_000 });
    const square = await page.$eval('.board-grid .legal', (cell) => cell.dataset.square);
    await page.click(`[data-square="${square}"]`);
  }
}

for (const lang of ['pt-BR', 'pt-PT']) {
  test(`the game page in ${lang}: no English after a game, its menus, the review and an export`, async () => {
    const forbidden = await englishOnly(lang);
    const { page, context, errors } = await openPage(browser, { width: 1024, height: 768 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${server.url}?lang=${lang}&black=human&white=ai&level=1&moves=f5d6c3d3c4f4f6f3e6e7`);
    await waitReady(page);
    assert.equal(await page.getAttribute('html', 'lang'), lang);
    await playSome(page, 3);
    await page.check('[data-testid="hints"]');
    await page.waitForSelector('.board-grid [aria-label*="valor"]', { timeout: 15_000 });
    // The hints' scores as Portuguese writes them: a decimal comma.
    const hints = await page.$$eval('.board-grid [aria-label*="valor"]', (cells) => cells.map((c) => c.getAttribute('aria-label')).join(' | '));
    assert.match(hints, /valor (Pretas|Brancas) \+\d+(,\d)?|valor Empate 0(,0)?/, hints);
    assert.doesNotMatch(hints, /\d\.\d/, hints);
    await page.click('#evaluation summary');
    await page.waitForSelector('#evaluation-terms tr');
    await page.click('[data-testid="review"]');
    await waitReviewed(page, 30_000);
    await page.click('[data-testid="review-table"] tbody tr button');
    await page.selectOption('[data-testid="export-format"]', 'ggf');
    await page.click('[data-testid="export"]');
    // My games: the game in progress listed, with its date, players and level in the language.
    await page.click('[data-testid="library"] summary');
    await page.waitForSelector('[data-testid="library-game"]');
    // A paste that reads as no game: the engine's reason in the page's words too.
    await page.fill('[data-testid="paste-input"]', 'f5d6zz');
    await page.click('[data-testid="paste-load"]');
    assert.match(await page.textContent('[data-testid="error"][data-key="paste"]'), /transcrição: 'zz' no (caractere|carácter) 5 não é uma casa/);
    const found = englishIn(await page.evaluate(pageText), forbidden);
    assert.deepEqual(found, [], `English words on the ${lang} page`);

    // The review's figures too (its time, the mean losses).
    const summary = await page.textContent('[data-testid="review-summary"]');
    assert.match(summary, /\d,\d/, summary);
    assert.doesNotMatch(summary, /\d\.\d/, summary);
    // The record's own text in the language; GGF's syntax as it is.
    const ggf = await page.inputValue('[data-testid="export-output"]');
    assert.match(ggf, /^\(;GM\[Othello\]/);
    assert.match(ggf, /PC\[Othello no navegador\]/);
    assert.match(ggf, /PB\[Humano\]PW\[IA nível 1\]/);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the language: the browser’s, then the menu’s kept across a reload, then the address’s', async () => {
  const { page, context, errors } = await openPage(browser, { width: 1024, height: 768 }, { locale: 'pt-PT' });
  await page.goto(server.url);
  await waitReady(page);
  assert.equal(await page.getAttribute('html', 'lang'), 'pt-PT');
  assert.equal(await page.textContent('[data-testid="new-game"]'), 'Novo jogo');
  await page.selectOption('[data-testid="language"]', 'pt-BR');
  // Its catalogue is fetched, then the page written again in it.
  await page.waitForFunction(() => document.querySelector('[data-testid="turn"]').textContent === 'Vez das Pretas (você)');
  assert.equal(await page.getAttribute('html', 'lang'), 'pt-BR');
  assert.equal(await page.textContent('[data-testid="new-game"]'), 'Nova partida');
  assert.match(await page.getAttribute('[data-square="d3"]', 'aria-label'), /jogada válida/);
  await page.reload();
  await waitReady(page);
  assert.equal(await page.getAttribute('html', 'lang'), 'pt-BR');
  assert.equal(await page.inputValue('[data-testid="language"]'), 'pt-BR');
  await page.goto(`${server.url}?lang=en`);
  await waitReady(page);
  assert.equal(await page.textContent('[data-testid="new-game"]'), 'New game');
  assert.equal(await page.textContent('[data-testid="turn"]'), 'Black to move (you)');
  await page.goto(`${server.url}?lang=xx`);
  await waitReady(page);
  assert.match(await page.textContent('[data-testid="notices"]'), /lang=xx is not a language of this page \(en, pt-BR, pt-PT\)/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the iframe and the element: the address’s lang, the lang attribute, no English left', async () => {
  const { page, context, errors } = await openPage(browser, { width: 800, height: 600 }, { locale: 'en-US' });
  await page.goto(`${server.url}embed.html?lang=pt-PT&black=human&white=human&show-moves`);
  await page.waitForFunction(() => document.querySelector('othello-board')?.shadowRoot?.querySelector('[data-square="d3"].legal'));
  // The title is written once the catalogue has arrived, which the board does not wait for: it
  // may be up first, in its words of the moment, and write itself again in the language.
  await page.waitForFunction(() => document.title === 'Tabuleiro de Othello', null, { timeout: 10_000 });
  const legalLabel = () => page.evaluate(() => document.querySelector('othello-board').shadowRoot.querySelector('.legal').getAttribute('aria-label'));
  for (const square of ['f5', 'd6', 'c3']) await page.evaluate((s) => document.querySelector('othello-board').play(s), square);
  await page.evaluate(() => document.querySelector('othello-board').undo());
  const status = () => page.evaluate(() => document.querySelector('othello-board').shadowRoot.querySelector('[data-testid="status"]').textContent);
  assert.match(await status(), /^Jogada anulada\. Vez das (Pretas|Brancas)\.$/);
  assert.match(await legalLabel(), /jogada legal/);
  assert.deepEqual(englishIn(await page.evaluate(boardText), await englishOnly('pt-PT')), []);

  await page.evaluate(() => document.querySelector('othello-board').setAttribute('lang', 'pt-BR'));
  // Its catalogue is fetched, then the board written again in it.
  await page.waitForFunction(() => document.querySelector('othello-board').shadowRoot.querySelector('.legal').getAttribute('aria-label').includes('jogada válida'));
  await page.evaluate(() => document.querySelector('othello-board').undo());
  assert.match(await status(), /^Jogada desfeita\./);
  assert.deepEqual(englishIn(await page.evaluate(boardText), await englishOnly('pt-BR')), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('screenshots: the game after some moves and a review, in each language, on a phone, a projector and a desktop', async () => {
  const sizes = [
    ['phone', { width: 390, height: 844 }, { hasTouch: true, isMobile: true }],
    ['projector', { width: 1024, height: 768 }, {}],
    ['desktop', { width: 1440, height: 900 }, {}],
  ];
  // One page a language for the phone, one for the two larger screens (resized).
  for (const lang of ['en', 'pt-BR', 'pt-PT']) {
    for (const [touch, ...screens] of [[true, sizes[0]], [false, sizes[1], sizes[2]]]) {
      const { page, context, errors } = await openPage(browser, screens[0][1], screens[0][2]);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`${server.url}?lang=${lang}&black=human&white=ai&level=1&moves=f5d6c3d3c4f4f6f3e6e7c6`);
      await waitReady(page);
      await page.check('[data-testid="hints"]');
      await page.waitForSelector('.board-grid .legal[aria-label*="+"]', { timeout: 15_000 });
      for (const [name, viewport] of screens) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: path.join(artifacts, `languages-${lang}-${name}.png`) });
      }
      assert.equal(touch, await page.evaluate(() => matchMedia('(pointer: coarse)').matches));
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
  // The catalogues name the same keys (a missing one would fall back to English).
  const keys = (file) => Object.keys(readFileSync(path.join(repoRoot, 'www/i18n', file), 'utf8').match(/^ {4}'[^']+'/gm).reduce((o, k) => ((o[k.trim()] = 1), o), {})).sort();
  for (const lang of ['pt-BR', 'pt-PT']) {
    assert.deepEqual(keys(`${lang}.js`), keys('en.js'));
    assert.deepEqual(keys(`game/${lang}.js`), keys('game/en.js'));
  }
});
