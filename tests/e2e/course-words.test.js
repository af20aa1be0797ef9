// The course engine's words: it names each hint and explanation of the grading, and each reason
// of a cut-off, by a key with its arguments, and the catalogues word them. Each case of
// fixtures/grading-words.json (a tree, an algorithm, a student's answers) is checked by the
// classroom's engine, here in Node, and each lesson of fixtures/cutoff-reasons.json searched; their
// sentences worded in English, Brazilian and European Portuguese must read as the fixtures have
// them, word for word: the sentences the engine wrote itself before the catalogues held them, one
// of each shape (every case, code, prefix and note; every kind of cut-off with one, a few and many
// children skipped) among 71,582 of 2,260 cases and 529 cut-offs, all of which read the same then.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './helpers.js';

const www = path.join(repoRoot, 'www');
const bindings = await import(path.join(www, 'pkg/classroom/reversi.js'));
bindings.initSync({ module: readFileSync(path.join(www, 'pkg/classroom/reversi_bg.wasm')) });
const i18n = await import(path.join(www, 'i18n/i18n.js'));
const { sentenceText, reasonText } = await import(path.join(www, 'classroom/course-words.js'));
i18n.addWords('en', (await import(path.join(www, 'i18n/classroom/en.js'))).default);
for (const lang of ['pt-BR', 'pt-PT']) {
  await i18n.loadLanguage(lang);
  await i18n.loadLanguage(lang, 'classroom');
}

const fixture = (/** @type {string} */ name) => JSON.parse(readFileSync(path.join(repoRoot, 'tests/e2e/fixtures', name), 'utf8'));
const cases = fixture('grading-words.json');
const lessons = fixture('cutoff-reasons.json');
/** A sentence in the three languages. */
const inThree = (/** @type {(lang: string) => string} */ say) => ({ en: say('en'), ptBR: say('pt-BR'), ptPT: say('pt-PT') });

test('every hint and explanation reads as before, in the three languages', () => {
  let sentences = 0;
  for (const { spec, answers, verdicts } of cases) {
    const report = bindings.checkExercise(spec, answers);
    // The fixture keeps, by index, the verdicts whose sentences no earlier case had the shape of.
    for (const [index, want] of Object.entries(verdicts)) {
      const verdict = report.verdicts[Number(index)];
      assert.equal(verdict.label, want.label, JSON.stringify(spec));
      for (const part of /** @type {const} */ (['hint', 'why'])) {
        const expected = want[part];
        if (!expected) continue;
        const sentence = verdict[part];
        assert.equal(sentence.code, expected.code);
        const got = inThree((lang) => sentenceText(sentence, lang));
        assert.deepEqual(got, { en: expected.en, ptBR: expected.ptBR, ptPT: expected.ptPT }, `${JSON.stringify(spec)} ${verdict.label} ${part}`);
        sentences++;
      }
    }
  }
  assert.ok(sentences > 100, `${sentences} sentences`);
});

test('every reason of a cut-off reads as before, in the three languages', () => {
  let reasons = 0;
  for (const { spec, reasons: wanted } of lessons) {
    const lesson = bindings.Lesson.create(spec);
    const cutoffs = lesson.events(0, lesson.eventCount).filter((/** @type {{kind: string}} */ e) => e.kind === 'cutoff');
    for (const [index, want] of Object.entries(wanted)) {
      assert.deepEqual(inThree((lang) => reasonText(cutoffs[Number(index)].reason, lang)), want, `${JSON.stringify(spec)} cut-off ${index}`);
      reasons++;
    }
    lesson.free();
  }
  assert.ok(reasons >= 10, `${reasons} reasons`);
});

test('a catalogue without the grading’s words falls back to English, key by key', () => {
  const report = bindings.checkExercise({ kind: 'example', name: 'lecture', algorithm: 'minimax', ask: 'values' }, { values: { c: '2' } });
  const why = report.verdicts.find((v) => v.label === 'c').why;
  assert.equal(sentenceText(why, 'xx'), 'c is MIN: the smallest of 2 and 1 is 1');
  assert.equal(sentenceText(why, 'pt-BR'), 'c é MIN: o menor de 2 e 1 é 1');
});
