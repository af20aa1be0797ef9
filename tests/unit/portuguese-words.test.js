// Each Portuguese says a thing one way, the way its pseudocode does: the narration's verb for a
// node's return is the listing's (pt-BR "retorna" / "retorne", pt-PT "devolve" / "devolva"), PVS's
// re-search is the algorithm menu's word (pt-BR "nova busca", pt-PT "nova pesquisa"), Brazilian
// writes "em um nó" / "em um empate" where European writes "num nó" / "num empate", and European
// spells as the rest of its catalogue does (vetor, projetor). Every catalogue of www/i18n/ (the
// shared words, the game's, the classroom's) and every listing of www/classroom/pseudocode.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listing } from '../../www/classroom/pseudocode.js';

const PARTS = ['', 'game/', 'classroom/'];
const ALGORITHMS = ['minimax', 'negamax', 'alphabeta', 'alphabeta-negamax', 'alphabeta-ordered', 'pvs', 'maxn'];

/** Every string of a language's catalogues, as `part/key: text`. @param {string} lang */
async function strings(lang) {
  const all = [];
  for (const part of PARTS) {
    const catalogue = (await import(`../../www/i18n/${part}${lang}.js`)).default;
    for (const [key, text] of Object.entries(catalogue.strings)) all.push({ key: `${part}${key}`, text });
  }
  return all;
}

/** The classroom's catalogue strings of a language. @param {string} lang */
async function classroom(lang) {
  return /** @type {Record<string, string>} */ ((await import(`../../www/i18n/classroom/${lang}.js`)).default.strings);
}

/** Every line of every listing, with iterative deepening and the table, in `lang`. @param {string} lang */
function listings(lang) {
  const view = (/** @type {string} */ algorithm) => /** @type {any} */ ({ algorithm, result: { iterative: true, table: true }, node: () => ({ player: 'MAX' }), isGame: true });
  return ALGORITHMS.flatMap((algorithm) => listing(view(algorithm), lang).map((line) => ({ key: `${algorithm} ${line.id}`, text: `${line.text} ${line.note ?? ''}` })));
}

/** The entries whose words (placeholders aside) match `pattern`, as "key: text" lines (what an
 * assertion shows). */
const matching = (/** @type {{key: string, text: string}[]} */ entries, /** @type {RegExp} */ pattern) =>
  entries.filter(({ text }) => pattern.test(text.replace(/\{\w+\}/g, ''))).map(({ key, text }) => `${key}: ${text}`);

test('pt-BR: a node "retorna", as its pseudocode says "retorne", never "devolve"', async () => {
  const lines = listings('pt-BR');
  assert.ok(matching(lines, /\bretorne\b/i).length > 5, 'the listings say retorne');
  assert.deepEqual(matching([...(await strings('pt-BR')), ...lines], /\bdevolv/i), []);
  const words = await classroom('pt-BR');
  for (const key of ['narration.return', 'narration.returnBound', 'narration.returnLeaf', 'predict.askValue', 'predict.answerValue']) {
    assert.match(words[key], /\bretorna\b/, key);
  }
});

test('pt-PT: a node "devolve", as its pseudocode says "devolva" (its function heads "devolve"), never "retorna"', async () => {
  const lines = listings('pt-PT');
  assert.deepEqual(matching([...(await strings('pt-PT')), ...lines], /\bretorn/i), []);
  // Where the Brazilian listing says "retorne", the European says "devolva", line for line.
  const brazilian = listings('pt-BR');
  for (const [i, { key, text }] of brazilian.entries()) {
    if (/\bretorne\b/i.test(text)) assert.match(lines[i].text, /\bdevolva\b/i, `${key}: ${lines[i].text}`);
    if (/\bretorna\b/i.test(text)) assert.match(lines[i].text, /\bdevolve\b/i, `${key}: ${lines[i].text}`);
  }
  const words = await classroom('pt-PT');
  for (const key of ['narration.return', 'narration.returnBound', 'narration.returnLeaf', 'predict.askValue', 'predict.answerValue', 'grading.passLimit']) {
    assert.match(words[key], /\bdevolve\b/, key);
  }
});

test('PVS\'s re-search is one term in each language: the algorithm menu\'s, in the narration, the counter and the listing', async () => {
  for (const [lang, word, not] of [
    ['pt-BR', 'busca', /\bpesquis/i],
    ['pt-PT', 'pesquisa', /\bbusc/i],
  ]) {
    const words = await classroom(lang);
    assert.match(words['algorithm.pvs'], new RegExp(`novas ${word}s`), `${lang} algorithm.pvs`);
    assert.match(words['counters.nodesResearch'], new RegExp(`novas ${word}s`), `${lang} counters.nodesResearch`);
    for (const key of ['narration.enterResearch', 'narration.scout.research', 'narration.scout.fail-low', 'narration.scout.exact']) {
      assert.match(words[key], new RegExp(`nova ${word}`, 'i'), `${lang} ${key}`);
    }
    const research = listings(lang).find(({ key }) => key === 'pvs 4b');
    assert.match(research?.text ?? '', new RegExp(`nova ${word}`), `${lang} pvs 4b`);
    // No other name for it: a "visit again", or the other variant's word.
    const entries = [...(await strings(lang)), ...listings(lang)];
    assert.deepEqual(matching(entries, /novas? visitas?|visitad[oa]s? de novo|revisit/i), [], lang);
    assert.deepEqual(matching(entries, not), [], `${lang}: ${not}`);
  }
});

test('pt-BR writes "em um", "em uma" where pt-PT writes "num", "numa"; pt-PT spells vetor and projetor', async () => {
  const brazilian = [...(await strings('pt-BR')), ...listings('pt-BR')];
  assert.deepEqual(matching(brazilian, /\b(num|numa|nuns|numas)\b/i), []);
  const european = [...(await strings('pt-PT')), ...listings('pt-PT')];
  assert.deepEqual(matching(european, /\bem (um|uma|uns|umas)\b/i), []);
  assert.deepEqual(matching(european, /\bvector|\bprojector|\bseleccion/i), []);
  // Neither leaves an English word where its own belongs.
  assert.deepEqual(matching([...brazilian, ...european], /\bno bounds\b/i), []);
});
