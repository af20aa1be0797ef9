// Offline play: the service worker (sw.js) caches the game; a new version waits until the player
// reloads with it, so that this page never mixes its files with a newer version's.

import { byId } from '../common/dom.js';

let registered = false;

/** Registers the service worker (once), and offers the reload when a new version is waiting. */
export function registerOffline() {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  const url = new URL('../../sw.js', import.meta.url);
  // updateViaCache 'none': a deployment is noticed at the next visit, whatever the HTTP cache says.
  navigator.serviceWorker.register(url, { updateViaCache: 'none' }).then(
    (registration) => {
      if (!registration) return; // service workers blocked (a test harness, a policy)
      const offer = () => {
        // A waiting worker with a controller in place is a new version (the first install has none).
        byId('update').hidden = !(registration.waiting && navigator.serviceWorker.controller);
      };
      offer();
      registration.addEventListener('updatefound', () => {
        registration.installing?.addEventListener('statechange', offer);
      });
      byId('update-now').addEventListener('click', () => {
        if (!registration.waiting) return;
        navigator.serviceWorker.addEventListener('controllerchange', () => location.reload());
        registration.waiting.postMessage({ type: 'skip-waiting' });
      });
    },
    // Offline play is a bonus: without it (an old browser, a file:// page) the game works as before.
    (error) => console.warn(`Offline play unavailable: ${error.message}`),
  );
}
