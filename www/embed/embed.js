// embed.html: one <othello-board> filling an iframe, configured by the address and talking to the
// page around it with postMessage.
//
// Address parameters: the element's attributes (moves, position, black, white, level, hints,
// readonly, coordinates, show-moves, lang), and `origin`: the origins allowed to command the
// board, which are also the only ones its events are posted to (repeat it or separate origins by
// commas). Without `origin`, the embedding page's own origin is used when the browser tells it.
//
// Messages out: {channel: 'othello-board', event, detail} for every event of the element, and
//               {channel: 'othello-board', result, id, value} (or `error`) answering a command.
// Messages in:  {channel: 'othello-board', command, args, id}, command one of the element's
//               methods or `set` (args [{attribute: value}]; null or false removes one).
// A message from an origin outside the list is ignored and reported on the console.

import '../othello-board.js';
import { BOARD_EVENTS } from '../board/events.js';
import { browserLanguage, loadLanguage, normalizeLanguage, translate } from '../i18n/i18n.js';

/** @typedef {import('../othello-board.js').OthelloBoard} OthelloBoard */

export const CHANNEL = 'othello-board';
const ATTRIBUTES = ['moves', 'position', 'black', 'white', 'level', 'lang'];
const BOOLEAN_ATTRIBUTES = ['hints', 'readonly', 'coordinates', 'show-moves'];
const METHODS = ['newGame', 'play', 'undo', 'redo', 'transcript', 'position'];

/** "https://a.example, https://b.example:8080" (and repeated parameters) → valid origins; problems reported.
 * @param {string[]} values */
export function parseOrigins(values) {
  /** @type {string[]} */
  const origins = [];
  /** @type {string[]} */
  const problems = [];
  for (const item of values.flatMap((v) => v.split(','))) {
    const text = item.trim().replace(/\/+$/, '');
    if (!text) continue;
    let origin = null;
    try {
      origin = new URL(text).origin;
    } catch {
      origin = null;
    }
    if (origin && origin !== 'null' && origin === text) origins.push(origin);
    else problems.push(`origin=${JSON.stringify(item.trim())} is not an origin such as https://example.org`);
  }
  return { origins, problems };
}

/** A boolean address parameter: present (or 1, true, yes, on) is true; 0, false, no, off is false.
 * @param {string} value */
function isTrue(value) {
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

/** The origin of the page around this frame, when the browser says it (null when not framed). */
function embedderOrigin() {
  if (window.parent === window) return null;
  if (location.ancestorOrigins && location.ancestorOrigins.length > 0) return location.ancestorOrigins[0];
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

function start() {
  const board = /** @type {OthelloBoard} */ (document.querySelector('othello-board'));
  const params = new URLSearchParams(location.search);
  for (const name of ATTRIBUTES) {
    const value = params.get(name);
    if (value !== null) board.setAttribute(name, value);
  }
  for (const name of BOOLEAN_ATTRIBUTES) {
    const value = params.get(name);
    if (value !== null) board.toggleAttribute(name, isTrue(value));
  }
  // The address's language, else the visitor's browser's (the page around the frame may be in
  // any language; the frame cannot read it).
  const lang = normalizeLanguage(params.get('lang')) ?? browserLanguage();
  board.setAttribute('lang', lang);
  document.documentElement.lang = lang;
  loadLanguage(lang).then(
    () => (document.title = translate(lang, 'embed.title')),
    () => {}, // the board says it in English, and the title stays
  );

  const { origins: listed, problems } = parseOrigins(params.getAll('origin'));
  for (const problem of problems) console.warn(`othello-board embed: ${problem}; ignored.`);
  const fallback = embedderOrigin();
  const allowed = params.has('origin') ? listed : fallback ? [fallback] : [];
  if (window.parent !== window && allowed.length === 0) {
    console.warn('othello-board embed: no origin to talk to (add origin=https://your.site to the address); events are not posted.');
  }

  // Always a named target origin: a page of another origin never receives the board's events.
  const post = (/** @type {object} */ message) => {
    if (window.parent === window) return;
    for (const origin of allowed) window.parent.postMessage({ channel: CHANNEL, ...message }, origin);
  };

  for (const type of BOARD_EVENTS) {
    board.addEventListener(type, (event) => post({ event: type, detail: /** @type {CustomEvent} */ (event).detail }));
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || typeof message !== 'object' || message.channel !== CHANNEL || !('command' in message)) return;
    if (!allowed.includes(event.origin)) {
      console.warn(`othello-board embed: ignored the command ${JSON.stringify(String(message.command))} from ${event.origin}, which is not an allowed origin (${allowed.join(', ') || 'none'}).`);
      return;
    }
    const reply = (/** @type {object} */ body) => {
      // The source is the page around this frame: a window.
      const source = /** @type {Window | null} */ (event.source);
      if (source) source.postMessage({ channel: CHANNEL, result: String(message.command), id: message.id, ...body }, event.origin);
    };
    try {
      reply({ value: run(board, message.command, message.args) });
    } catch (error) {
      reply({ error: /** @type {Error} */ (error).message });
    }
  });
}

/** Runs one command on the board; throws an Error naming what is wrong with it.
 * @param {OthelloBoard} board
 * @param {string} command
 * @param {unknown} args */
function run(board, command, args = []) {
  if (!Array.isArray(args)) throw new Error(`args of ${command} must be an array`);
  if (command === 'set') {
    const changes = args[0];
    if (!changes || typeof changes !== 'object') throw new Error('set takes one object, such as {"level": 6}');
    const entries = Object.entries(changes);
    // Every name checked before any is applied: a bad command changes nothing.
    const unknown = entries.find(([name]) => !BOOLEAN_ATTRIBUTES.includes(name) && !ATTRIBUTES.includes(name));
    if (unknown) throw new Error(`set: unknown attribute ${JSON.stringify(unknown[0])}`);
    for (const [name, value] of entries) {
      if (BOOLEAN_ATTRIBUTES.includes(name)) board.toggleAttribute(name, Boolean(value));
      else if (value === null || value === false) board.removeAttribute(name);
      else board.setAttribute(name, String(value));
    }
    return null;
  }
  // The board's read-only opening name ("Tiger", or '' for none), as the element's property.
  if (command === 'opening') return board.opening;
  if (!METHODS.includes(command)) throw new Error(`unknown command ${JSON.stringify(String(command))} (one of ${[...METHODS, 'set', 'opening'].join(', ')})`);
  const value = /** @type {Record<string, (...args: unknown[]) => unknown>} */ (/** @type {unknown} */ (board))[command](...args);
  return value === undefined ? null : value;
}

start();
