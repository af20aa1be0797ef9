// Every catalogue of www/i18n/ (the shared words, and each part's folder: game, classroom…) says
// what English says: the same keys (a plural key in the forms its language uses) and the same
// placeholders, so that no sentence falls back to English or loses a number.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, translate, addWords } from '../../www/i18n/i18n.js';

const I18N = join(dirname(fileURLToPath(import.meta.url)), '../../www/i18n');
const PARTS = ['', ...readdirSync(I18N).filter((name) => statSync(join(I18N, name)).isDirectory())];
const PLURAL = /\.(zero|one|two|few|many|other)$/;

/** The strings of a part's catalogue in `lang`. @param {string} part @param {string} lang */
async function strings(part, lang) {
  const catalogue = (await import(join(I18N, part, `${lang}.js`))).default;
  return /** @type {Record<string, string>} */ (catalogue.strings);
}

/** A key without its plural form, and its placeholders. @param {string} text */
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

for (const part of PARTS) {
  test(`the ${part || 'shared'} catalogues hold every key of English, with its placeholders`, async () => {
    const english = await strings(part, 'en');
    const base = (/** @type {string} */ key) => key.replace(PLURAL, '');
    const englishKeys = new Set(Object.keys(english).map(base));
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const other = await strings(part, lang);
      const keys = new Set(Object.keys(other).map(base));
      assert.deepEqual([...englishKeys].filter((k) => !keys.has(k)), [], `${lang}: missing keys`);
      assert.deepEqual([...keys].filter((k) => !englishKeys.has(k)), [], `${lang}: keys English lacks`);
      for (const [key, text] of Object.entries(other)) {
        const englishText = english[key] ?? english[`${base(key)}.other`];
        // A plural form may leave its number out ("one move"), never add one English lacks.
        const missing = placeholders(text).filter((p) => !placeholders(englishText).includes(p));
        assert.deepEqual(missing, [], `${lang} ${key}: placeholders English lacks`);
        if (!PLURAL.test(key)) assert.deepEqual(placeholders(text), placeholders(englishText), `${lang} ${key}`);
      }
    }
  });
}

test('a text is filled in, with numbers and plural forms as each language writes them', () => {
  addWords('en', { name: 'English', strings: { 'unit.moves.one': '{n} move', 'unit.moves.other': '{n} moves', 'unit.at': 'at {x}' } });
  addWords('pt-BR', { name: 'Português (Brasil)', strings: { 'unit.moves.one': '{n} lance', 'unit.moves.other': '{n} lances' } });
  assert.equal(translate('en', 'unit.moves', { n: 1 }), '1 move');
  assert.equal(translate('en', 'unit.moves', { n: 1500 }), '1,500 moves');
  assert.equal(translate('pt-BR', 'unit.moves', { n: 2.5 }), '2,5 lances');
  // English stands in for a key a catalogue lacks; a missing key is an error, not a blank.
  assert.equal(translate('pt-BR', 'unit.at', { x: 'd3' }), 'at d3');
  assert.throws(() => translate('en', 'unit.nothing'), /no text for 'unit.nothing'/);
});
