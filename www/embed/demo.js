// embed-demo.html: both ways of embedding the board, their copy-paste snippets (kept in step with
// the options chosen) and a live log of the events of both.

import '../othello-board.js';
import { BOARD_EVENTS } from '../board/events.js';
import { byId, closestTarget } from '../common/dom.js';

/** @typedef {import('../othello-board.js').OthelloBoard} OthelloBoard */

const CHANNEL = 'othello-board';
const BOOLEAN_ATTRIBUTES = ['hints', 'readonly', 'coordinates', 'show-moves'];
const CHOICE_ATTRIBUTES = ['black', 'white', 'level', 'lang'];
/** The options of the iframe in the demo and in its snippet. */
const FRAME_OPTIONS = { white: 'ai', level: '3', coordinates: '' };
const LOG_LIMIT = 200;

const $ = byId;
const board = /** @type {OthelloBoard} */ ($('demo-board'));
const frame = $('demo-frame', HTMLIFrameElement);
const form = $('element-options', HTMLFormElement);
/** The form's control named `name` (a select or a checkbox). @param {string} name */
const control = (name) => /** @type {HTMLInputElement | HTMLSelectElement} */ (form.elements.namedItem(name));
/** The board's properties by name (`board[name]`). @type {Record<string, any>} */
const boardProperties = /** @type {any} */ (board);

// --- the log ---------------------------------------------------------------------------------

/** Adds a line to the log, newest first.
 * @param {string} source 'element' or 'iframe'
 * @param {string} type
 * @param {unknown} detail */
function log(source, type, detail) {
  const item = document.createElement('li');
  const time = new Date().toLocaleTimeString('en-GB');
  const what = document.createElement('strong');
  what.textContent = `${source} · ${type}`;
  const data = document.createElement('code');
  data.textContent = detail === undefined ? '' : JSON.stringify(detail);
  item.append(`${time} `, what, ' ', data);
  item.dataset.source = source;
  item.dataset.type = type;
  const list = $('event-log');
  list.prepend(item);
  while (list.children.length > LOG_LIMIT) list.lastElementChild?.remove();
}

$('clear-log').addEventListener('click', () => $('event-log').replaceChildren());

// --- the element -----------------------------------------------------------------------------

for (const type of BOARD_EVENTS) board.addEventListener(type, (event) => log('element', type, /** @type {CustomEvent} */ (event).detail));

const levelSelect = /** @type {HTMLSelectElement} */ (control('level'));
for (let level = 1; level <= 9; level++) levelSelect.append(new Option(String(level)));

/** The controls show the element's attributes (which the board itself may change: H toggles hints). */
function syncControls() {
  for (const name of CHOICE_ATTRIBUTES) control(name).value = String(boardProperties[name] || board.getAttribute(name) || 'en');
  for (const name of BOOLEAN_ATTRIBUTES) /** @type {HTMLInputElement} */ (control(name)).checked = board.hasAttribute(name);
  $('element-snippet').textContent = elementSnippet();
}

form.addEventListener('change', (event) => {
  const target = /** @type {HTMLInputElement} */ (event.target);
  const { name } = target;
  if (BOOLEAN_ATTRIBUTES.includes(name)) board.toggleAttribute(name, target.checked);
  else board.setAttribute(name, target.value);
});
form.addEventListener('click', (event) => {
  const button = closestTarget(event, 'button[data-method]');
  if (button) boardProperties[/** @type {string} */ (button.dataset.method)]();
});
new MutationObserver(syncControls).observe(board, { attributes: true });

/** @param {Element} element */
function attributesText(element) {
  return [...element.attributes]
    .filter((a) => !['id', 'data-testid'].includes(a.name))
    .map((a) => (a.value === '' ? ` ${a.name}` : ` ${a.name}="${a.value}"`))
    .join('');
}

function elementSnippet() {
  const module = new URL('www/othello-board.js', location.href).href;
  return [
    `<script type="module" src="${module}"></script>`,
    `<othello-board${attributesText(board)}></othello-board>`,
    '',
    '<script type="module">',
    "  const board = document.querySelector('othello-board');",
    "  board.addEventListener('move', (event) => console.log(event.detail.square, event.detail.transcript));",
    "  board.addEventListener('gameover', (event) => console.log(event.detail.winner));",
    '</script>',
  ].join('\n');
}

// --- the iframe ------------------------------------------------------------------------------

/** @param {string} origin */
function frameUrl(origin) {
  const params = Object.entries(FRAME_OPTIONS)
    .map(([name, value]) => (value === '' ? name : `${name}=${encodeURIComponent(value)}`))
    .concat(`origin=${origin}`); // an origin's characters are all allowed in a query: kept readable
  return new URL(`embed.html?${params.join('&')}`, location.href).href;
}

frame.src = frameUrl(location.origin);
const frameOrigin = new URL(frame.src).origin;

$('iframe-snippet').textContent = `<iframe src="${frameUrl('https://your.site').replaceAll('&', '&amp;')}"
        title="Othello board" width="480" height="440"></iframe>`;
$('listener-snippet').textContent = [
  "const frame = document.querySelector('iframe');",
  'const boardOrigin = new URL(frame.src).origin;',
  '',
  '// Events: check who sent them.',
  "window.addEventListener('message', (event) => {",
  '  if (event.origin !== boardOrigin || event.source !== frame.contentWindow) return;',
  '  const message = event.data;',
  `  if (message.channel !== '${CHANNEL}') return;`,
  `  if (message.event) console.log(message.event, message.detail); // ${BOARD_EVENTS.join(', ')}`,
  "  if ('result' in message) console.log(message.result, message.value ?? message.error);",
  '});',
  '',
  '// Commands: always to the board\'s origin.',
  `frame.contentWindow.postMessage({ channel: '${CHANNEL}', command: 'play', args: ['d3'], id: 1 }, boardOrigin);`,
  `frame.contentWindow.postMessage({ channel: '${CHANNEL}', command: 'set', args: [{ level: 6, hints: true }] }, boardOrigin);`,
].join('\n');

window.addEventListener('message', (event) => {
  if (event.origin !== frameOrigin || event.source !== frame.contentWindow) return;
  const message = event.data;
  if (!message || message.channel !== CHANNEL) return;
  if (message.event) log('iframe', message.event, message.detail);
  else if ('result' in message) log('iframe', `${message.result}() →`, 'error' in message ? { error: message.error } : message.value);
});

let nextId = 1;
$('frame-commands').addEventListener('click', (event) => {
  const button = closestTarget(event, 'button[data-command]');
  if (!button) return;
  const args = button.dataset.args ? JSON.parse(button.dataset.args) : [];
  /** @type {Window} */ (frame.contentWindow).postMessage({ channel: CHANNEL, command: button.dataset.command, args, id: nextId++ }, frameOrigin);
});

// --- copy buttons ----------------------------------------------------------------------------

document.addEventListener('click', async (event) => {
  const button = closestTarget(event, 'button[data-copy]');
  if (!button) return;
  const source = $(/** @type {string} */ (button.dataset.copy));
  const text = source.textContent ?? '';
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    // No clipboard permission (an insecure origin, a refusing browser): select the text instead.
    getSelection()?.selectAllChildren(source);
    button.textContent = 'Selected: Ctrl+C';
  }
  setTimeout(() => (button.textContent = 'Copy'), 2000);
});

syncControls();
