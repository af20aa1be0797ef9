// The course engine's messages for bad answers, as src/course writes them, are each matched by
// one pattern of www/i18n/engine-messages.js and worded by the classroom's catalogues.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINE_MESSAGES } from '../../www/i18n/engine-messages.js';
import en from '../../www/i18n/classroom/en.js';
import ptBR from '../../www/i18n/classroom/pt-BR.js';

// As src/course/tree.rs (Tree::answer_node) and src/course/trace.rs (check_tree_kind) write them.
const MESSAGES = {
  leafNotAnswer: ["'h' is a leaf: its value is given, only inner nodes are answers", ['h']],
  maxnNeedsVectors: ["maxn needs a vector at every leaf, such as (1,2,6); this tree's leaves are numbers", []],
  twoPlayerNeedsNumbers: ["alphabeta is a two-player algorithm, and this tree's leaves are vectors: use maxn", ['alphabeta']],
  noLabel: ["no node is labelled 'zz'", ['zz']],
};

test('each bad answer\'s message is one pattern of the table, with its words in English and Portuguese', () => {
  for (const [id, [message, groups]] of Object.entries(MESSAGES)) {
    const matches = ENGINE_MESSAGES.filter(([, pattern]) => pattern.test(message));
    assert.equal(matches.length, 1, `${id}: ${matches.map(([name]) => name)}`);
    assert.equal(matches[0][0], id);
    assert.deepEqual(matches[0][1].exec(message)?.slice(1), groups);
    const english = en.strings[`engine.${id}`];
    assert.ok(english && ptBR.strings[`engine.${id}`], id);
    // The English catalogue says it as the engine does.
    assert.equal(english.replace(/\{(\d)\}/g, (_, k) => groups[Number(k) - 1]), message);
  }
});

test('every message of an attempt code that does not read (src/course/attempt.rs) is one pattern, worded in each language', async () => {
  const { readFileSync } = await import('node:fs');
  const { translate, addWords } = await import('../../www/i18n/i18n.js');
  const ptPT = (await import('../../www/i18n/classroom/pt-PT.js')).default;
  addWords('en', en);
  addWords('pt-BR', ptBR);
  addWords('pt-PT', ptPT);
  // The messages as the Rust source writes them, each placeholder given a sample value.
  const source = readFileSync(new URL('../../src/course/attempt.rs', import.meta.url), 'utf8');
  const display = source.slice(source.indexOf('impl fmt::Display for AttemptError'));
  const written = [...display.slice(0, display.indexOf('\n}\n')).matchAll(/(?:write!\(f, |write_str\()"([^"]+)"/g)].map((m) => m[1]);
  assert.equal(written.length, 5, written.join(' | '));
  const samples = { n: '9', c: 'U', at: '4', v: '3' };
  for (const template of written) {
    const message = template.replace(/\{(\w+)\}/g, (_, name) => samples[name]);
    const matches = ENGINE_MESSAGES.filter(([, pattern]) => pattern.test(message));
    assert.equal(matches.length, 1, `${message}: ${matches.map(([name]) => name)}`);
    const [id, pattern] = matches[0];
    const groups = pattern.exec(message).slice(1);
    const values = Object.fromEntries(groups.map((g, i) => [String(i + 1), g]));
    assert.equal(translate('en', `engine.${id}`, values), message);
    // No English left in a Portuguese sentence: each variant has its own words, with the numbers.
    for (const lang of ['pt-BR', 'pt-PT']) {
      const worded = translate(lang, `engine.${id}`, values);
      assert.notEqual(worded, message, `${lang} ${id}`);
      for (const g of groups) assert.ok(worded.includes(g), `${lang} ${id}: ${worded}`);
    }
  }
});
