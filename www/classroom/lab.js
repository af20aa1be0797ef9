// The heuristic lab (Othello): two settings of the course's player (weights of the seed-004
// terms per phase, terms on or off, expert moves, depth), the evaluation of a position under
// both, and a short match between them played in workers, shown game by game.

import { labTerms, labPhases, labRules, labCandidates, labBreakdown, labExpertMoves, labOpenings } from '../pkg/classroom/reversi.js';
import { createRenderer, GUTTER } from '../common/render.js';
import { t, language } from './language.js';
import { formatNumber, MINUS } from './format.js';
import { LabMatch } from './lab-match.js';
import { byId } from '../common/dom.js';

/** @typedef {import('../pkg/classroom/reversi.js').LabSettings} LabSettings */
/**
 * A player's settings as the page edits them: a preset's weights (or custom ones), terms on or
 * off, the depth, and each expert rule's mode ('order' or 'override'; off when absent).
 * @typedef {{preset: string, depth: number, weights: number[][], on: boolean[], rules: Record<string, string>}} PlayerSettings
 */

/** Every tunable of the lab, in one place. */
export const labConfig = {
  depths: [1, 2, 3, 4, 5, 6],
  /** Openings per match (each played twice, colours swapped). */
  openingCounts: [1, 2, 4, 8, 16, 32],
  defaultOpenings: 4,
  /** Random plies from the start position before each game: varied but still opening positions. */
  openingPlies: 6,
  /** Fixed: the same openings every time, so a changed setting is the only thing that changed. */
  seed: 2024,
  defaults: {
    a: { preset: 'chosen', depth: 2 },
    b: { preset: 'positional-only', depth: 2 },
  },
};

const $ = byId;
const MODES = ['off', 'order', 'override'];

/**
 * An element with these attributes (`text`: its text) and children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number>} [attributes]
 * @param {(Node | string)[]} children
 * @returns {HTMLElementTagNameMap[K]}
 */
function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'text') node.textContent = String(value);
    else node.setAttribute(name, String(value));
  }
  node.append(...children);
  return node;
}

/** The page's words for `key`, or `fallback` (the engine's English) when it has none.
 * @param {string} key
 * @param {string} fallback */
function translated(key, fallback) {
  try {
    return t(key);
  } catch {
    return fallback;
  }
}

/** A player's settings as the page edits them.
 * @param {{name: string, weights: number[][]}[]} candidates
 * @param {{preset: string, depth: number}} start
 * @returns {PlayerSettings} */
function initialSettings(candidates, { preset, depth }) {
  const weights = candidateWeights(candidates, preset);
  return { preset, depth, weights, on: [true, true, true, true], rules: {} };
}

/** A preset's weights, copied (the page edits them).
 * @param {{name: string, weights: number[][]}[]} candidates
 * @param {string} preset one of the candidates' names */
function candidateWeights(candidates, preset) {
  return /** @type {{weights: number[][]}} */ (candidates.find((c) => c.name === preset)).weights.map((row) => [...row]);
}

/** What the engine takes: terms switched off weigh 0; rules split into ordering and overrides.
 * @param {PlayerSettings} settings
 * @returns {LabSettings} */
function engineSettings(settings) {
  const weights = settings.weights.map((row) => row.map((w, term) => (settings.on[term] ? w : 0)));
  const ordering = Object.keys(settings.rules).filter((rule) => settings.rules[rule] === 'order');
  const overrides = Object.keys(settings.rules).filter((rule) => settings.rules[rule] === 'override');
  return { weights, depth: settings.depth, ordering, overrides };
}

/**
 * @param {{module: WebAssembly.Module, onError: (message: string) => void}} options
 */
export function createLab({ module, onError }) {
  const terms = labTerms();
  const phases = labPhases();
  const rules = labRules();
  const candidates = labCandidates();
  const players = {
    a: initialSettings(candidates, labConfig.defaults.a),
    b: initialSettings(candidates, labConfig.defaults.b),
  };
  let position = { board: '', caption: '' };
  let openings = labConfig.defaultOpenings;
  /** @type {Parameters<ConstructorParameters<typeof LabMatch>[0]['onGame']>[0][]} */
  let games = [];
  /** @type {import('./lab-match.js').Tally | null} */
  let summary = null;
  let status = 'idle';
  const renderer = createRenderer($('lab-board-canvas', HTMLCanvasElement));
  $('lab-board').style.setProperty('--gutter', `${GUTTER * 100}%`);

  const match = new LabMatch({
    module,
    onGame(report) {
      games.push(report);
      summary = report.tally;
      renderMatch();
    },
    onDone(tally) {
      summary = tally;
      status = 'done';
      renderMatch();
    },
    onError(error) {
      status = 'idle';
      renderMatch();
      onError(t('lab.failed', { message: error.message }));
    },
  });

  // --- Settings ------------------------------------------------------------------------------

  /** @param {'a' | 'b'} key */
  function playerForm(key) {
    const settings = players[key];
    const fieldset = $(`lab-${key}`);
    const legend = element('legend', { text: t(`lab.player.${key}`) });

    const preset = element('select', { 'data-testid': `lab-${key}-preset` });
    for (const candidate of candidates) {
      preset.append(element('option', { value: candidate.name, text: translated(`preset.${candidate.name}`, candidate.name) }));
    }
    preset.append(element('option', { value: 'custom', text: t('lab.custom') }));
    preset.value = settings.preset;
    preset.addEventListener('change', () => {
      if (preset.value === 'custom') return;
      settings.weights = candidateWeights(candidates, preset.value);
      settings.preset = preset.value;
      settings.on = [true, true, true, true];
      render();
    });

    const depth = element('select', { 'data-testid': `lab-${key}-depth` });
    for (const d of labConfig.depths) depth.append(element('option', { value: d, text: String(d) }));
    depth.value = String(settings.depth);
    depth.addEventListener('change', () => {
      settings.depth = Number(depth.value);
    });

    const head = element('tr', {}, element('th', { scope: 'col', text: t('breakdown.term') }), element('th', { scope: 'col', text: t('lab.on') }));
    for (const phase of phases) head.append(element('th', { scope: 'col', text: translated(`phase.${phase.phase}`, phase.label) }));
    const body = element('tbody');
    terms.forEach((term, ti) => {
      const name = translated(`termShort.${term.term}`, term.label);
      const on = element('input', { type: 'checkbox', 'aria-label': `${name}: ${t('lab.on')}`, 'data-testid': `lab-${key}-on-${term.term}` });
      on.checked = settings.on[ti];
      on.addEventListener('change', () => {
        settings.on[ti] = on.checked;
        render();
      });
      const row = element('tr', {}, element('th', { scope: 'row', text: name }), element('td', {}, on));
      phases.forEach((phase, pi) => {
        const input = element('input', {
          type: 'number',
          min: -1000,
          max: 1000,
          step: 1,
          inputmode: 'numeric',
          'aria-label': `${name}, ${translated(`phase.${phase.phase}`, phase.label)}`,
          'data-testid': `lab-${key}-weight-${term.term}-${phase.phase}`,
        });
        input.value = String(settings.weights[pi][ti]);
        input.disabled = !settings.on[ti];
        input.addEventListener('change', () => {
          const value = Number(input.value);
          if (!Number.isInteger(value) || Math.abs(value) > 1000) {
            input.value = String(settings.weights[pi][ti]);
            onError(t('lab.badWeight'));
            return;
          }
          settings.weights[pi][ti] = value;
          settings.preset = 'custom';
          preset.value = 'custom';
          renderPosition();
        });
        row.append(element('td', {}, input));
      });
      body.append(row);
    });
    const weights = element('table', { class: 'lab-weights' }, element('caption', { text: t('lab.weights') }), element('thead', {}, head), body);

    const ruleList = element('div', { class: 'lab-rules' }, element('p', { class: 'lab-subheading', text: t('lab.expert') }));
    for (const rule of rules) {
      const select = element('select', { 'data-testid': `lab-${key}-rule-${rule.rule}` });
      for (const mode of MODES) select.append(element('option', { value: mode, text: t(`lab.mode.${mode}`) }));
      select.value = settings.rules[rule.rule] ?? 'off';
      select.addEventListener('change', () => {
        if (select.value === 'off') delete settings.rules[rule.rule];
        else settings.rules[rule.rule] = select.value;
      });
      ruleList.append(element('label', {}, element('span', { text: translated(`rule.${rule.rule}`, rule.label) }), select));
    }

    fieldset.replaceChildren(
      legend,
      element('div', { class: 'lab-row' },
        element('label', {}, element('span', { text: t('lab.preset') }), preset),
        element('label', {}, element('span', { text: t('options.depth') }), depth)),
      element('div', { class: 'table-scroll' }, weights),
      ruleList,
    );
  }

  // --- The position ---------------------------------------------------------------------------

  function renderPosition() {
    $('lab-position-caption').textContent = position.caption;
    let a;
    let b;
    try {
      a = labBreakdown(position.board, engineSettings(players.a).weights);
      b = labBreakdown(position.board, engineSettings(players.b).weights);
    } catch (error) {
      onError(t('lab.failed', { message: /** @type {Error} */ (error).message }));
      return;
    }
    const table = $('lab-breakdown');
    const caption = element('caption', { text: t('breakdown.phase', { phase: translated(`phase.${a.phase}`, a.phase), discs: a.discs }) });
    const head = element('tr', {}, ...['breakdown.term', 'breakdown.raw', 'lab.weightA', 'lab.pointsA', 'lab.weightB', 'lab.pointsB'].map((key) => element('th', { scope: 'col', text: t(key) })));
    const body = element('tbody');
    a.terms.forEach((term, i) => {
      body.append(
        element('tr', { 'data-term': term.term },
          element('th', { scope: 'row', text: translated(`term.${term.term}`, term.label) }),
          element('td', { text: formatNumber(term.raw) }),
          element('td', { text: formatNumber(term.weight) }),
          element('td', { text: formatNumber(term.contribution) }),
          element('td', { text: formatNumber(b.terms[i].weight) }),
          element('td', { text: formatNumber(b.terms[i].contribution) })),
      );
    });
    const total = element('th', { scope: 'row', text: t('breakdown.total'), colspan: 3 });
    const foot = element('tr', {}, total, element('td', { text: formatNumber(a.total), 'data-testid': 'lab-total-a' }), element('td'), element('td', { text: formatNumber(b.total), 'data-testid': 'lab-total-b' }));
    table.replaceChildren(caption, element('thead', {}, head), body, element('tfoot', {}, foot));

    const expert = labExpertMoves(position.board).map((entry) =>
      element('li', {}, element('strong', { text: `${translated(`rule.${entry.rule}`, entry.label)}: ` }), entry.squares.length ? entry.squares.join(', ') : '—'),
    );
    $('lab-expert').replaceChildren(...expert);
  }

  // --- The match ------------------------------------------------------------------------------

  function startMatch() {
    let starts;
    try {
      starts = labOpenings(openings, labConfig.openingPlies, labConfig.seed);
    } catch (error) {
      onError(t('lab.failed', { message: /** @type {Error} */ (error).message }));
      return;
    }
    games = [];
    summary = null;
    status = 'playing';
    match.start(starts, engineSettings(players.a), engineSettings(players.b));
    renderMatch();
  }

  function stopMatch() {
    match.stop();
    status = 'stopped';
    renderMatch();
  }

  function renderMatch() {
    const total = openings * 2;
    const playing = status === 'playing';
    $('lab-play').hidden = playing;
    $('lab-stop').hidden = !playing;
    $('lab-openings', HTMLSelectElement).disabled = playing;
    const progress = $('lab-progress', HTMLProgressElement);
    progress.max = total;
    progress.value = games.length;
    progress.hidden = status === 'idle';
    const result = $('lab-result');
    result.dataset.state = status;
    if (!summary) {
      result.textContent = playing ? t('lab.starting', { total }) : '';
    } else {
      const percent = ((summary.wins + summary.draws / 2) / summary.games) * 100;
      const mean = summary.discs / summary.games;
      const parts = [
        t('lab.tally', { games: summary.games, total, wins: summary.wins, draws: summary.draws, losses: summary.losses }),
        t('lab.score', { percent: oneDecimal(percent) }),
        t('lab.discs', { mean: `${mean > 0 ? '+' : mean < 0 ? MINUS : ''}${oneDecimal(Math.abs(mean))}` }),
      ];
      if (status === 'stopped') parts.push(t('lab.stopped'));
      result.textContent = parts.join(' · ');
    }
    $('lab-games').replaceChildren(
      ...games.map((report) => {
        const [black, white] = discCounts(report.game.end);
        const colour = t(report.aBlack ? 'lab.aBlack' : 'lab.aWhite');
        const outcome = report.diff === 0 ? t('lab.draw') : t(report.diff > 0 ? 'lab.aWins' : 'lab.bWins', { n: Math.abs(report.diff) });
        return element('li', {}, `${t('lab.opening', { n: report.opening + 1 })}, ${colour}: ${black}–${white} · ${outcome}`);
      }),
    );
    const last = games[games.length - 1];
    $('lab-board').hidden = !last;
    if (last) {
      $('lab-board-caption').textContent = t('lab.lastGame', { n: last.number });
      renderer.draw({
        squares: Uint8Array.from(last.game.end.slice(0, 64), (c) => (c === 'X' ? 1 : c === 'O' ? 2 : 0)),
        legal: [],
        moverColor: 'black',
        lastMove: -1,
        hints: [],
        animation: null,
      });
    }
  }

  /** 62.5 in English, 62,5 in Portuguese.
   * @param {number} x */
  function oneDecimal(x) {
    return x.toLocaleString(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  }

  /** Black's and White's discs on a board (board text). @param {string} board */
  function discCounts(board) {
    const squares = board.slice(0, 64);
    return [[...squares].filter((c) => c === 'X').length, [...squares].filter((c) => c === 'O').length];
  }

  function renderOpeningChoices() {
    const select = $('lab-openings', HTMLSelectElement);
    select.replaceChildren(...labConfig.openingCounts.map((n) => element('option', { value: n, text: t('lab.openingsOption', { n, games: n * 2 }) })));
    select.value = String(openings);
  }

  $('lab-openings').addEventListener('change', (event) => {
    openings = Number(/** @type {HTMLSelectElement} */ (event.target).value);
  });
  $('lab-play').addEventListener('click', startMatch);
  $('lab-stop').addEventListener('click', stopMatch);

  function render() {
    playerForm('a');
    playerForm('b');
    renderOpeningChoices();
    renderPosition();
    renderMatch();
  }

  return {
    render,
    /** The position whose evaluation the lab explains: `{board: board text, caption}`.
     * @param {{board: string, caption: string}} next */
    setPosition(next) {
      if (next.board === position.board && next.caption === position.caption) return;
      position = next;
      if ($('lab', HTMLDetailsElement).open) renderPosition();
    },
  };
}
