// The settings a player keeps across games (hint strength, the board seen from White's side, the
// move sound, the AI's number of workers), saved in the browser, and the menus of the panel that
// the engine's tables fill (the levels, the workers, a clock from the address).

import { levels } from '../pkg/reversi.js';
import * as storage from './storage.js';
import { byId } from '../common/dom.js';
import { maxWorkers } from './engines.js';
import { t } from '../i18n/page.js';

/** `language`: a catalogue's tag (www/i18n/), or '' for the browser's language.
 * @typedef {{hintStrength: 'quick' | 'deep', flipped: boolean, sound: boolean, workers: number, language: string}} Settings */

/** The settings of a first visit. @returns {Settings} */
export function defaultSettings() {
  return { hintStrength: 'quick', flipped: false, sound: false, workers: maxWorkers(), language: '' };
}

/** Fills the level menu: "4 · Name", weakest first, in the page's language. */
export function fillLevels(/** @type {HTMLSelectElement} */ select) {
  select.replaceChildren(
    ...levels().map((level) => {
      const option = document.createElement('option');
      option.value = String(level.number);
      option.textContent = `${level.number} · ${levelName(level.number, level.name)}`;
      return option;
    }),
  );
}

/** A level's name in the page's language (the engine's English name for a level the catalogues
 * do not know).
 * @param {number} number
 * @param {string} name */
export function levelName(number, name) {
  try {
    return t(`level.name.${number}`);
  } catch {
    return name;
  }
}

/** The workers menu: 1 … the most workers the device allows (or the number chosen, when the
 * address asked for more), with the number chosen selected.
 * @param {HTMLSelectElement} select
 * @param {number} chosen */
export function fillWorkers(select, chosen) {
  const most = Math.max(maxWorkers(), chosen || 1);
  if (select.options.length !== most) {
    select.replaceChildren(
      ...Array.from({ length: most }, (_, i) => {
        const option = document.createElement('option');
        option.value = String(i + 1);
        option.textContent = String(i + 1);
        return option;
      }),
    );
  }
  select.value = String(chosen || 1);
}

/** The clock menu's entry for a clock spec, or the spec itself when the menu lacks it (a clock
 * from the address), added once.
 * @param {HTMLSelectElement} select
 * @param {string} text a clock spec such as "5+0" */
export function clockOptionValue(select, text) {
  if (![...select.options].some((o) => o.value === text)) {
    const option = document.createElement('option');
    option.value = text;
    select.append(option);
  }
  clockOptionNames(select);
  return text;
}

/** The clock menu's entries written in the page's language ("5 min", "3 min + 2 s").
 * @param {HTMLSelectElement} select */
export function clockOptionNames(select) {
  for (const option of select.options) {
    const [minutes, seconds] = option.value.split('+').map(Number);
    if (!option.value || !Number.isFinite(minutes) || !Number.isFinite(seconds)) continue;
    const name = seconds ? t('game.clockOptionIncrement', { minutes, seconds }) : t('game.clockOption', { minutes });
    if (option.textContent !== name) option.textContent = name;
  }
}

/**
 * Wires the settings' controls: each change is saved, then the page hears of it.
 * @param {Settings} settings changed in place
 * @param {{hintStrength: () => void, flipped: () => void, sound: () => void, workers: () => void, language: () => void}} changed
 */
export function attachSettings(settings, changed) {
  byId('hint-strength', HTMLSelectElement).addEventListener('change', (event) => {
    settings.hintStrength = /** @type {HTMLSelectElement} */ (event.target).value === 'deep' ? 'deep' : 'quick';
    storage.saveSettings(settings);
    changed.hintStrength();
  });
  byId('flip', HTMLInputElement).addEventListener('change', (event) => {
    settings.flipped = /** @type {HTMLInputElement} */ (event.target).checked;
    storage.saveSettings(settings);
    changed.flipped();
  });
  byId('workers', HTMLSelectElement).addEventListener('change', (event) => {
    settings.workers = Math.max(1, Math.min(8, Number(/** @type {HTMLSelectElement} */ (event.target).value) || 1));
    storage.saveSettings(settings);
    changed.workers();
  });
  byId('language', HTMLSelectElement).addEventListener('change', (event) => {
    settings.language = /** @type {HTMLSelectElement} */ (event.target).value;
    storage.saveSettings(settings);
    changed.language();
  });
  byId('sound', HTMLInputElement).addEventListener('change', (event) => {
    settings.sound = /** @type {HTMLInputElement} */ (event.target).checked;
    storage.saveSettings(settings);
    changed.sound();
  });
}
