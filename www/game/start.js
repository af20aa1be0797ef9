// The game page's first module: starts the game (app.js, the modules it imports, the engine's
// wasm) and, when it cannot start, says why in the page and offers a reload, instead of leaving
// "Loading…" for ever. It imports nothing statically, so that it runs even when the other files
// are damaged or missing.
//
// Why a start fails is most often a damaged copy kept for offline play: the service worker
// (sw.js) then checks every copy, drops the damaged ones and says which they were; the reload
// fetches them again from the network.

/** The longest reason shown, in characters (an engine's message can be long). */
const REASON_CHARS = 400;
/** How long the service worker's check may take before the page says what it knows without it. */
const CHECK_TIMEOUT_MS = 5000;

/**
 * Asks the service worker controlling this page to check its copies of the game's files; resolves
 * to the paths of the damaged ones it dropped (empty without a service worker, or when it does not
 * answer in time).
 * @returns {Promise<string[]>}
 */
export function checkOfflineCopy() {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve([]);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve([]), CHECK_TIMEOUT_MS);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(Array.isArray(event.data?.damaged) ? event.data.damaged.map(String) : []);
    };
    try {
      worker.postMessage({ type: 'check' }, [channel.port2]);
    } catch {
      clearTimeout(timer);
      resolve([]); // a worker going away: the reload asks the network anyway
    }
  });
}

/** Reloads the page once the service worker has dropped any damaged copy (so that the reload
 * fetches it again). */
export async function reloadHealed() {
  await checkOfflineCopy();
  location.reload();
}

/** The error's message, bounded, without a final full stop.
 * @param {unknown} error */
function reasonOf(error) {
  const text = String((error && /** @type {Error} */ (error).message) || error || 'unknown error').replace(/\.$/, '');
  return text.length > REASON_CHARS ? `${text.slice(0, REASON_CHARS)}…` : text;
}

/**
 * Shows why the game could not start, with a Reload button; never throws.
 * @param {unknown} error
 */
export async function cannotStart(error) {
  const box = document.getElementById('cannot-start');
  const reason = document.getElementById('cannot-start-reason');
  if (!box || !reason) return;
  reason.textContent = `${reasonOf(error)}.`;
  box.hidden = false;
  // The box says it all: the turn line's "Loading…" goes, and the controls, which cannot work,
  // are set aside.
  for (const element of document.querySelectorAll('#panel > :not(.panel-header, .scores, #cannot-start)')) {
    /** @type {HTMLElement} */ (element).inert = true;
  }
  document.getElementById('turn')?.setAttribute('hidden', '');
  document.body.classList.add('not-started');
  document.documentElement.dataset.ready = 'failed';
  const reload = document.getElementById('cannot-start-reload');
  reload?.addEventListener('click', () => {
    reload.setAttribute('disabled', '');
    reloadHealed();
  });
  const damaged = await checkOfflineCopy();
  /** @type {string[]} */
  const more = [];
  if (damaged.length) {
    const files = damaged.length > 5 ? `${damaged.slice(0, 5).join(', ')} and ${damaged.length - 5} more` : damaged.join(', ');
    more.push(`The copy kept for offline play of ${files} was damaged or is missing.`);
  }
  more.push('Reload, with the network if you can, to fetch the game again.');
  reason.textContent = `${reasonOf(error)}. ${more.join(' ')}`;
}

// The page's script is alive: the note shown when it never runs (see index.html) is not needed.
document.getElementById('start-fallback')?.remove();
import('./app.js').then((app) => app.start()).catch(cannotStart);
