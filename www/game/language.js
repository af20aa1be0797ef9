// The game page's language: the address's `lang` (which is then kept, as a choice from the menu
// is), else the one chosen before (the settings), else the browser's first that the page speaks.
// The words themselves are in www/i18n/ (page.js: the page's language).

import { LANGUAGE_NAMES, LANGUAGES, browserLanguage, loadPageLanguage, normalizeLanguage, setLanguage, t, translateStatic } from '../i18n/page.js';
import * as storage from './storage.js';

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

/** The language menu: every catalogue by its own name, `chosen` selected.
 * @param {HTMLSelectElement} select
 * @param {string} chosen */
export function fillLanguageMenu(select, chosen) {
  if (select.options.length !== LANGUAGES.length) {
    select.replaceChildren(
      ...LANGUAGES.map((lang) => {
        const option = document.createElement('option');
        option.value = lang;
        option.lang = lang;
        option.textContent = /** @type {Record<string, string>} */ (LANGUAGE_NAMES)[lang];
        return option;
      }),
    );
  }
  select.value = chosen;
}
