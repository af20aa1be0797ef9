// The exercise builder for teachers (a dialog): from the lesson's tree or a random tree (shape,
// seed), the algorithm, what is asked, whether "Show the solution" is offered, a variant per
// student, and the class key; it makes the one link that opens exactly that exercise, draws its
// QR code (large, for the projector), and checks the attempt codes students hand in, without a
// server (the code's checksum is keyed by the exercise: crate::course::attempt). Opened at a
// loopback address (make play's 127.0.0.1), it warns that the room cannot open the link and builds
// it, and its QR code, from the address students will use, which the teacher types (remembered).

import { t, engineText } from './language.js';
import { writeAddress, exerciseText, algorithmsFor, TWO_PLAYER_ALGORITHMS } from './address.js';
import { exerciseQuestions, exerciseShapes, exerciseTree, readAttemptCode, studentVariant } from '../pkg/classroom/reversi.js';
import { specOf } from './lessons.js';
import { qrSvg } from './qr.js';
import { isLoopbackHost, readRoomAddress, linkAt } from './room-link.js';
import { PRUNING } from './exercise.js';
import { byId, setText } from '../common/dom.js';

/** @typedef {import('./address.js').Source} Source */
/** @typedef {import('./address.js').ExerciseSettings} ExerciseSettings */

const $ = byId;

/** Where the address students will use is kept between visits. */
const ROOM_ADDRESS = 'classroom.roomAddress';

/** A class key: 6 symbols of Crockford's base 32, drawn at random. */
export function newClassKey() {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return [...bytes].map((b) => alphabet[b % 32]).join('');
}

/** What the builder makes: the exercise's source, algorithm and settings. @typedef {{source: Source, algorithm: string, settings: ExerciseSettings}} Built */

/**
 * @param {{language: () => string, lesson: () => {source: Source, algorithm: string, settings: ExerciseSettings | null}}} context
 *   the page's language, and the lesson (or exercise) on show, which the builder starts from
 */
export function createBuilder({ language, lesson }) {
  const dialog = $('builder', HTMLDialogElement);
  const form = $('builder-form', HTMLFormElement);
  /** The tree of the lesson the builder was opened on (a tree source), or null for a game. @type {Source | null} */
  let lessonTree = null;

  const field = (/** @type {string} */ id) => $(id, HTMLInputElement);
  const select = (/** @type {string} */ id) => $(id, HTMLSelectElement);

  /** The exercise the fields describe, or an error saying why there is none. @returns {Built | {error: string}} */
  function built() {
    const random = field('builder-random').checked;
    /** @type {Source} */
    let source;
    if (random) {
      const seed = field('builder-seed').value.trim();
      if (!/^\d{1,19}$/.test(seed)) return { error: t('builder.badSeed', { seed }) };
      const shape = select('builder-shape').value;
      source = { kind: 'tree', text: exerciseTree(seed, shape).text, exercise: { seed, shape } };
    } else if (lessonTree) {
      source = lessonTree;
    } else {
      return { error: t('builder.noTree') };
    }
    const algorithm = select('builder-algorithm').value;
    const tokens = [];
    if (field('builder-ask-values').checked) tokens.push('values');
    const windows = select('builder-ask-windows').value;
    const prunes = PRUNING.includes(algorithm);
    if (prunes && windows) tokens.push(windows);
    if (prunes && field('builder-ask-pruned').checked) tokens.push('pruned');
    if (field('builder-ask-path').checked) tokens.push('path');
    if (field('builder-ask-leaves').checked) tokens.push('leaves');
    const ask = tokens.join(',');
    try {
      exerciseQuestions({ ...specOf(source, algorithm), ask });
    } catch (error) {
      return { error: engineText(/** @type {Error} */ (error).message) };
    }
    const key = field('builder-key').value.trim().toUpperCase();
    if (!/^[0-9A-Z]{0,16}$/.test(key)) return { error: t('builder.badKey') };
    return {
      source,
      algorithm,
      settings: { ask, solution: field('builder-solution').checked, students: field('builder-students').checked, drill: field('builder-drill').checked, key, variant: null },
    };
  }

  /** Whether the page was opened at an address only this machine opens (127.0.0.1, localhost…). */
  const loopback = isLoopbackHost(location.hostname);

  /** The warning above the link: what to do (the command as code), or, once an address students
   * will use is given, that the link names it instead. @param {boolean} given */
  function warn(given) {
    const warning = $('builder-loopback');
    warning.dataset.state = given ? 'given' : '';
    const sentence = t(given ? 'builder.loopbackGiven' : 'builder.loopback', { host: location.hostname });
    const command = 'HOST=0.0.0.0 make play';
    const at = sentence.indexOf(command);
    const code = document.createElement('code');
    code.textContent = command;
    warning.replaceChildren(...(at < 0 ? [sentence] : [sentence.slice(0, at), code, sentence.slice(at + command.length)]));
  }

  /**
   * The address students will use, when the page's own is a loopback one and the teacher gave a
   * good one (kept for the next visit); null for the page's own. Says beside the field which
   * address the link names, or why the one typed cannot be it.
   */
  function roomBase() {
    if (!loopback) return null;
    const typed = field('builder-room-address').value.trim();
    const room = readRoomAddress(typed);
    const status = $('builder-room-status');
    warn(Boolean(room && 'base' in room));
    const remember = (/** @type {string} */ value) => {
      try {
        if (value) localStorage.setItem(ROOM_ADDRESS, value);
        else localStorage.removeItem(ROOM_ADDRESS);
      } catch {
        // storage refused (a private window): the address holds for this visit only
      }
    };
    if (room && 'base' in room) {
      remember(typed);
      status.dataset.state = 'used';
      setText(status, t('builder.roomUsed', { address: `${room.base.origin}${room.base.pathname}` }));
      return room.base;
    }
    if (room) {
      status.dataset.state = 'bad';
      setText(status, room.error === 'loopback' ? t('builder.roomLoopback', { host: room.host ?? '' }) : t('builder.roomBad', { value: typed }));
      return null;
    }
    remember('');
    status.dataset.state = '';
    setText(status, '');
    return null;
  }

  /** The link of an exercise, in the page's language, at the address students will use. @param {Built} exercise */
  function linkOf(exercise) {
    const query = writeAddress(exercise.source, exercise.algorithm, language(), 'exercise', exercise.settings);
    const base = roomBase();
    return base ? linkAt(base, location.pathname, query) : `${location.origin}${location.pathname}${query}`;
  }

  /** The fields show the choices that apply; the link and the QR code follow them. */
  function update() {
    const random = field('builder-random').checked;
    $('builder-random-fields').hidden = !random;
    const algorithm = select('builder-algorithm').value;
    const prunes = PRUNING.includes(algorithm);
    for (const id of ['builder-ask-pruned-row', 'builder-ask-windows-row']) $(id).hidden = !prunes;
    $('builder-students-name-row').hidden = !field('builder-students').checked;
    const result = built();
    const error = 'error' in result ? result.error : '';
    const errorElement = $('builder-error');
    errorElement.hidden = !error;
    setText(errorElement, error);
    const link = field('builder-link');
    $('builder-outputs').hidden = Boolean(error);
    if ('error' in result) return;
    link.value = linkOf(result);
    $('builder-open', HTMLAnchorElement).href = link.value;
    $('builder-qr').replaceChildren(qrSvg(link.value, t('builder.qrLabel')));
    setText($('builder-check-result'), '');
  }

  /** Fills the algorithm menu with the algorithms of the tree chosen. */
  function fillAlgorithms(/** @type {string} */ wanted) {
    const source = field('builder-random').checked || !lessonTree ? /** @type {Source} */ ({ kind: 'tree', text: '' }) : lessonTree;
    const algorithms = algorithmsFor(source);
    select('builder-algorithm').replaceChildren(
      ...algorithms.map((algorithm) => {
        const option = document.createElement('option');
        option.value = algorithm;
        option.textContent = t(`algorithm.${algorithm}`);
        return option;
      }),
    );
    select('builder-algorithm').value = algorithms.includes(wanted) ? wanted : algorithms[0];
  }

  /** Opens the builder on the lesson (or exercise) on show. */
  function open() {
    const { source, algorithm, settings } = lesson();
    const shapes = /** @type {string[]} */ (exerciseShapes());
    select('builder-shape').replaceChildren(
      ...shapes.map((shape) => {
        const option = document.createElement('option');
        option.value = shape;
        option.textContent = t('builder.shapeOption', { depth: shape[0], branching: shape[2], leaves: Number(shape[2]) ** Number(shape[0]) });
        return option;
      }),
    );
    const isTree = source.kind === 'tree' || source.kind === 'example';
    lessonTree = isTree && !source.exercise ? source : null;
    const random = Boolean(source.exercise) || !lessonTree;
    field('builder-random').checked = random;
    field('builder-lesson').checked = !random;
    field('builder-lesson').disabled = !lessonTree;
    field('builder-seed').value = source.exercise?.seed ?? String(Math.floor(Math.random() * 1_000_000));
    select('builder-shape').value = source.exercise?.shape && shapes.includes(source.exercise.shape) ? source.exercise.shape : '3x2';
    fillAlgorithms(TWO_PLAYER_ALGORITHMS.includes(algorithm) || algorithm === 'maxn' ? algorithm : 'alphabeta');
    const ask = settings?.ask ?? '';
    const tokens = new Set(ask ? ask.split(',') : []);
    const defaults = !ask;
    const prunes = PRUNING.includes(select('builder-algorithm').value);
    field('builder-ask-values').checked = defaults || tokens.has('values');
    field('builder-ask-pruned').checked = defaults ? prunes : tokens.has('pruned');
    select('builder-ask-windows').value = defaults ? (prunes ? 'window' : '') : tokens.has('windows') ? 'windows' : tokens.has('window') ? 'window' : '';
    field('builder-ask-path').checked = tokens.has('path');
    field('builder-ask-leaves').checked = tokens.has('leaves');
    pruning = prunes;
    field('builder-solution').checked = settings?.solution ?? true;
    field('builder-students').checked = settings?.students ?? false;
    field('builder-drill').checked = settings?.drill ?? false;
    field('builder-key').value = settings?.key || newClassKey();
    field('builder-code').value = '';
    field('builder-student').value = '';
    $('builder-qr-figure').classList.remove('qr-large');
    $('builder-room').hidden = !loopback;
    if (loopback) {
      warn(false);
      let kept = '';
      try {
        kept = localStorage.getItem(ROOM_ADDRESS) ?? '';
      } catch {
        // no storage: nothing kept
      }
      field('builder-room-address').value = kept;
    }
    update();
    dialog.showModal();
  }

  /** Checks the attempt code typed, against the exercise the fields describe. */
  function checkCode() {
    const result = built();
    const out = $('builder-check-result');
    if ('error' in result) return;
    const code = field('builder-code').value.trim();
    try {
      const numbers = readAttemptCode(exerciseText(result.source, result.algorithm, result.settings), code);
      const parts = [t('builder.codeValid', { ...numbers })];
      const student = field('builder-student').value.trim();
      if (result.settings.students && student) {
        const variant = studentVariant(student);
        parts.push(t(variant === numbers.variant ? 'builder.codeStudent' : 'builder.codeOtherStudent', { student, variant }));
      } else if (numbers.variant) {
        parts.push(t('builder.codeVariant', { variant: numbers.variant }));
      }
      out.dataset.valid = 'true';
      setText(out, parts.join(' '));
      const openVariant = $('builder-open-variant', HTMLAnchorElement);
      openVariant.hidden = !numbers.variant;
      openVariant.href = `${location.origin}${location.pathname}${writeAddress(result.source, result.algorithm, language(), 'exercise', { ...result.settings, variant: numbers.variant })}`;
    } catch (error) {
      out.dataset.valid = 'false';
      $('builder-open-variant').hidden = true;
      setText(out, t('builder.codeInvalid', { message: engineText(/** @type {Error} */ (error).message) }));
    }
  }

  /** Whether the algorithm chosen prunes, as it was last seen (its questions follow a change). */
  let pruning = false;
  /** From an algorithm that prunes to one that does not, or back: what is asked by default then. */
  function followAlgorithm() {
    const prunes = PRUNING.includes(select('builder-algorithm').value);
    if (prunes === pruning) return;
    pruning = prunes;
    field('builder-ask-pruned').checked = prunes;
    select('builder-ask-windows').value = prunes ? 'window' : '';
  }
  form.addEventListener('input', (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    if (target.id === 'builder-code' || target.id === 'builder-student') return;
    if (target.id === 'builder-random' || target.id === 'builder-lesson') fillAlgorithms(select('builder-algorithm').value);
    if (target.id === 'builder-algorithm' || target.id === 'builder-random' || target.id === 'builder-lesson') followAlgorithm();
    update();
  });
  form.addEventListener('change', (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    if (target.id === 'builder-code' || target.id === 'builder-student') return;
    update();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    checkCode();
  });
  $('builder-new-seed').addEventListener('click', () => {
    field('builder-seed').value = String(Math.floor(Math.random() * 1_000_000));
    update();
  });
  $('builder-new-key').addEventListener('click', () => {
    field('builder-key').value = newClassKey();
    update();
  });
  $('builder-copy').addEventListener('click', async () => {
    const link = field('builder-link');
    link.select();
    try {
      await navigator.clipboard.writeText(link.value);
      setText($('builder-copied'), t('builder.copied'));
    } catch {
      setText($('builder-copied'), t('builder.copyByHand'));
    }
  });
  $('builder-qr-large').addEventListener('click', () => {
    const figure = $('builder-qr-figure');
    figure.classList.toggle('qr-large');
    setText($('builder-qr-large'), t(figure.classList.contains('qr-large') ? 'builder.qrSmall' : 'builder.qrLarge'));
  });
  $('builder-close').addEventListener('click', () => dialog.close());

  // current: the exercise the fields describe, for the class sheet (class-sheet.js).
  return { open, update, current: built };
}
