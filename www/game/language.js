// The game page's language: the address's `lang` (which is then kept, as a choice from the menu
// is), else the one chosen before (the settings), else the browser's first that the page speaks.
// The words themselves are in www/i18n/ (page.js: the page's language).

import { browserLanguage, loadPageLanguage, normalizeLanguage, setLanguage, t, translateStatic } from '../i18n/page.js';
import * as storage from './storage.js';

// The language menu is every page's, filled from the one list of languages (page-text.js).
export { fillLanguageMenu } from '../i18n/page.js';

/** The language the page starts in, and what the address asked for that no catalogue speaks
 * (a problem to say), or ''.
 * @param {URLSearchParams} params */
export function startLanguage(params) {
  const asked = params.get('lang');
  if (asked !== null) {
    const known = normalizeLanguage(asked);
    if (known) return { lang: known, fromAddress: true, unknown: '' };
    return { lang: storage.loadSettings().language || browserLanguage(), fromAddress: false, unknown: asked };
  }
  return { lang: storage.loadSettings().language || browserLanguage(), fromAddress: false, unknown: '' };
}

/** Sets the page's language once its catalogue is here (English when it cannot be fetched) and
 * rewrites the page's fixed text (index.html's data-i18n marks).
 * @param {string} lang */
export async function applyLanguage(lang) {
  const known = normalizeLanguage(lang) ?? 'en';
  let chosen = known;
  try {
    await loadPageLanguage(known);
  } catch {
    chosen = 'en';
  }
  setLanguage(chosen);
  translateStatic(document);
  document.title = t('page.title');
  document.querySelector('meta[name="description"]')?.setAttribute('content', t('page.description'));
  return chosen;
}
