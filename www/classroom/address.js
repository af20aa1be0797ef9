// The page's address: what is searched (an example, a tree text, a game position), with which
// algorithm, in which language. Read once at start, rewritten after every change so that the
// address in the bar can be shared and reopens the same lesson.

import { normalizeLanguage } from './language.js';

/**
 * What a lesson searches: a built-in example tree (`name`), a tree text of one's own (`text`; an
 * exercise's tree, `exercise`, has its text made by the engine once it has started: null until
 * then), or a game position (`moves` from the start or from `board`, searched `depth` plies, with
 * the options real engines add).
 * @typedef {object} Source
 * @property {'example' | 'tree' | 'tictactoe' | 'othello'} kind
 * @property {string} [name]
 * @property {string | null} [text]
 * @property {{seed: string, shape: string}} [exercise]
 * @property {string} [moves]
 * @property {string} [board]
 * @property {number} [depth]
 * @property {boolean} [symmetry]
 * @property {boolean} [iterative]
 * @property {boolean} [table]
 */

/** A problem of the address: a text of i18n.js and its values. @typedef {{key: string, values: Record<string, unknown>}} Problem */

/**
 * How an exercise is handed out (the builder's choices, carried by its link): what it asks
 * (`ask`, the engine's tokens; '' for the algorithm's default), whether "Show the solution" is
 * offered, whether each student gets a variant of their own (picked by name or number), whether
 * it is an endless drill (a new tree of the same shape after each Check), the class key that
 * makes its attempt codes its own, and a variant opened by the teacher (null).
 * @typedef {{ask: string, solution: boolean, students: boolean, drill?: boolean, key: string, variant: number | null}} ExerciseSettings
 */

/** An exercise's settings when its link says nothing. @returns {ExerciseSettings} */
export function defaultExerciseSettings() {
  return { ask: '', solution: true, students: false, drill: false, key: '', variant: null };
}

export const EXAMPLES = ['lecture', 'pruning', 'tictactoe', 'maxn', 'othello'];
/** Built-in trees: the engine holds their texts (`Lesson.example`). */
export const TREE_EXAMPLES = ['lecture', 'pruning', 'maxn'];
export const TWO_PLAYER_ALGORITHMS = ['minimax', 'negamax', 'alphabeta', 'alphabeta-negamax', 'alphabeta-ordered', 'pvs'];
export const ALGORITHMS = [...TWO_PLAYER_ALGORITHMS, 'maxn'];

/** What each example starts with when the address names no algorithm.
 * @type {Record<string, string>} */
const DEFAULT_ALGORITHM = {
  lecture: 'minimax',
  pruning: 'alphabeta',
  maxn: 'maxn',
  tictactoe: 'minimax',
  othello: 'alphabeta',
};

/** @type {Record<string, {min: number, max: number, default: number}>} */
export const DEPTHS = { tictactoe: { min: 0, max: 9, default: 2 }, othello: { min: 1, max: 4, default: 2 } };

/** A tree text with a comma holds vectors: a max^n tree (commas appear nowhere else in the format).
 * @param {string} text */
export function isVectorTree(text) {
  return text.includes(',');
}

/** The algorithms that apply to a source: max^n for vector trees, the two-player ones otherwise.
 * @param {Source} source */
export function algorithmsFor(source) {
  const vector =
    (source.kind === 'example' && source.name === 'maxn') || (source.kind === 'tree' && isVectorTree(/** @type {string} */ (source.text)));
  return vector ? ['maxn'] : TWO_PLAYER_ALGORITHMS;
}

/** The algorithm a source starts with.
 * @param {Source} source */
export function defaultAlgorithm(source) {
  if (source.kind === 'example') return DEFAULT_ALGORITHM[/** @type {string} */ (source.name)];
  if (source.kind === 'tree') return isVectorTree(/** @type {string} */ (source.text)) ? 'maxn' : 'alphabeta';
  return DEFAULT_ALGORITHM[source.kind];
}

/** An example's source, as it starts.
 * @param {string} name
 * @returns {Source} */
export function exampleSource(name) {
  if (TREE_EXAMPLES.includes(name)) return { kind: 'example', name };
  const depth = DEPTHS[name].default;
  if (name === 'tictactoe') return { kind: 'tictactoe', moves: '', board: '', depth, symmetry: true };
  return { kind: 'othello', moves: '', board: '', depth };
}

/** The example button that stands for a source ('tree' for a tree of one's own).
 * @param {Source} source */
export function exampleName(source) {
  if (source.kind === 'example') return /** @type {string} */ (source.name);
  if (source.kind === 'tree') return 'tree';
  return source.kind;
}

/** @param {URLSearchParams} params
 * @param {string} kind
 * @param {Problem[]} problems */
function readDepth(params, kind, problems) {
  const range = DEPTHS[kind];
  if (!params.has('depth')) return range.default;
  const depth = Number(params.get('depth'));
  if (Number.isInteger(depth) && depth >= range.min && depth <= range.max) return depth;
  problems.push({ key: 'address.depth', values: { value: params.get('depth'), min: range.min, max: range.max } });
  return range.default;
}

/**
 * The lesson the address asks for: {source, algorithm, lang, problems}. Anything not understood is
 * named in `problems` ({key, values} of a text of i18n.js, said in the page's language once it is
 * known) and replaced by the default, so a bad address still opens a lesson. `lang` is `en`,
 * `pt-BR` or `pt-PT` (`pt` is Brazilian), or null when the address does not say.
 * @param {string} search
 */
export function readAddress(search) {
  const params = new URLSearchParams(search);
  /** @type {Problem[]} */
  const problems = [];
  let name = params.get('example') ?? 'lecture';
  if (!EXAMPLES.includes(name)) {
    problems.push({ key: 'address.example', values: { value: name, list: EXAMPLES.join(', ') } });
    name = 'lecture';
  }
  /** @type {Source} */
  let source;
  const tree = params.get('tree');
  if (tree !== null && !['tictactoe', 'othello'].includes(name)) {
    source = { kind: 'tree', text: tree };
  } else if (name === 'tictactoe' || name === 'othello') {
    source = exampleSource(name);
    source.moves = params.get('moves') ?? '';
    source.board = params.get('board') ?? '';
    source.depth = readDepth(params, name, problems);
    if (name === 'tictactoe' && params.has('symmetry')) {
      const value = params.get('symmetry');
      if (value === 'on' || value === 'off') source.symmetry = value === 'on';
      else problems.push({ key: 'address.symmetry', values: { value } });
    }
    // What real engines add: iterative deepening and a transposition table (games only).
    for (const option of /** @type {const} */ (['iterative', 'table'])) {
      if (!params.has(option)) continue;
      const value = params.get(option);
      if (value === 'on' || value === 'off') source[option] = value === 'on';
      else problems.push({ key: 'address.symmetry', values: { value: `${option}=${value}` } });
    }
  } else {
    source = exampleSource(name);
  }

  let algorithm = defaultAlgorithm(source);
  const wantedAlgorithm = params.get('algorithm');
  if (wantedAlgorithm !== null) {
    const wanted = wantedAlgorithm;
    if (algorithmsFor(source).includes(wanted)) algorithm = wanted;
    else problems.push({ key: 'address.algorithm', values: { value: wanted, list: algorithmsFor(source).join(', ') } });
  }

  // Exercises: `mode=exercise` on the lesson named, or a random tree from `exercise=<seed>&shape=<d>x<b>`
  // (its text is made by the engine once it has started: `source.text` is null until then).
  const mode = params.get('mode') === 'exercise' || params.has('exercise') ? 'exercise' : null;
  if (params.has('mode') && params.get('mode') !== 'exercise') problems.push({ key: 'address.example', values: { value: `mode=${params.get('mode')}`, list: 'mode=exercise' } });
  const exercise = params.get('exercise');
  if (exercise !== null) {
    const seed = exercise;
    const shape = params.get('shape') ?? '3x2';
    if (/^\d{1,20}$/.test(seed) && /^[2-5]x[2-4]$/.test(shape)) {
      source = { kind: 'tree', text: null, exercise: { seed, shape } };
      if (!algorithmsFor({ kind: 'tree', text: '' }).includes(algorithm)) algorithm = 'minimax';
    } else {
      problems.push({ key: 'address.example', values: { value: `exercise=${seed}&shape=${shape}`, list: 'exercise=<seed>&shape=<2-5>x<2-4>' } });
    }
  }

  /** @type {ExerciseSettings} */
  const exerciseSettings = defaultExerciseSettings();
  if (mode === 'exercise') {
    const ask = params.get('ask');
    if (ask !== null) {
      if (/^[a-z]+(,[a-z]+)*$/.test(ask)) exerciseSettings.ask = ask;
      else problems.push({ key: 'address.ask', values: { value: ask } });
    }
    exerciseSettings.solution = params.get('solution') !== 'off';
    exerciseSettings.students = params.get('students') === 'on';
    exerciseSettings.drill = params.get('drill') === 'on';
    const key = params.get('key');
    if (key !== null) {
      if (/^[0-9A-Za-z]{1,16}$/.test(key)) exerciseSettings.key = key.toUpperCase();
      else problems.push({ key: 'address.key', values: { value: key } });
    }
    const variant = params.get('variant');
    if (variant !== null) {
      const n = Number(variant);
      if (Number.isInteger(n) && n >= 0 && n <= 65535) exerciseSettings.variant = n;
      else problems.push({ key: 'address.variant', values: { value: variant } });
    }
  }

  let lang = null;
  const wantedLang = params.get('lang');
  if (wantedLang !== null) {
    const wanted = wantedLang;
    lang = normalizeLanguage(wanted);
    if (!lang) problems.push({ key: 'address.lang', values: { value: wanted } });
  }
  return { source, algorithm, lang, mode, exercise: exerciseSettings, problems };
}

/** The query string (with its '?') that reopens this lesson (or exercise, with its settings).
 * @param {Source} source
 * @param {string} algorithm
 * @param {string | null} lang  null: left out
 * @param {string | null} [mode]
 * @param {ExerciseSettings | null} [exercise] */
export function writeAddress(source, algorithm, lang, mode = null, exercise = null) {
  const params = new URLSearchParams();
  if (source.exercise) {
    params.set('exercise', source.exercise.seed);
    params.set('shape', source.exercise.shape);
  } else if (source.kind === 'example') {
    params.set('example', String(source.name));
  } else if (source.kind === 'tree') {
    params.set('tree', String(source.text));
  } else {
    params.set('example', source.kind);
    if (source.board) params.set('board', source.board);
    if (source.moves) params.set('moves', source.moves);
    params.set('depth', String(source.depth));
    if (source.kind === 'tictactoe') params.set('symmetry', source.symmetry ? 'on' : 'off');
    if (source.iterative) params.set('iterative', 'on');
    if (source.table) params.set('table', 'on');
  }
  params.set('algorithm', algorithm);
  if (mode && !source.exercise) params.set('mode', mode);
  if (mode === 'exercise' && exercise) {
    if (exercise.ask) params.set('ask', exercise.ask);
    if (!exercise.solution) params.set('solution', 'off');
    if (exercise.students) params.set('students', 'on');
    if (exercise.drill) params.set('drill', 'on');
    if (exercise.key) params.set('key', exercise.key);
    if (exercise.variant !== null) params.set('variant', String(exercise.variant));
  }
  if (lang) params.set('lang', lang);
  return `?${params.toString()}`;
}

/**
 * An exercise's own text, what its attempt codes are keyed by: its link without the language,
 * the variant or anything else that may differ between a student's page and the teacher's.
 * @param {Source} source
 * @param {string} algorithm
 * @param {ExerciseSettings} exercise
 */
export function exerciseText(source, algorithm, exercise) {
  return writeAddress(source, algorithm, null, 'exercise', { ...exercise, variant: null }).slice(1);
}
