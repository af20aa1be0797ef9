// The problems and notices a page shows, each until the player dismisses it or its cause is gone:
// one list entry per key, so that a later message never hides an earlier one about something
// else (the weights and the book, the address and the AI). A new message with the same key
// replaces the old one in its place. Transient news ("Black played d3") is the status line's, not
// this list's. Used by the game page and the embeddable board.

import { bounded } from './excerpt.js';

/**
 * One message: `key` names what it is about (one entry per key); `kind` 'error' (something
 * failed or was refused) or 'notice' (the page works, with a limit worth knowing); `action` an
 * optional button beside it (Reload, say).
 * @typedef {{key: string, kind: 'error' | 'notice', text: string, action?: {label: string, run: () => void}}} Message
 */

export class MessageList {
  /**
   * @param {HTMLElement} list the `<ul>` the messages are drawn into
   * @param {{dismissLabel: () => string, onDismiss?: (key: string) => void}} options the close
   *   button's accessible name, in the page's language; `onDismiss` hears each message the player
   *   dismissed
   */
  constructor(list, { dismissLabel, onDismiss }) {
    this.list = list;
    this.dismissLabel = dismissLabel;
    this.onDismiss = onDismiss;
    /** @type {Map<string, Message>} */
    this.messages = new Map();
    list.addEventListener('click', (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const item = /** @type {HTMLElement | null} */ (target?.closest('li[data-key]') ?? null);
      if (!item) return;
      const key = item.dataset.key ?? '';
      if (target?.closest('button.dismiss')) {
        this.clear(key);
        this.onDismiss?.(key);
      } else if (target?.closest('button.message-action')) {
        this.messages.get(key)?.action?.run();
      }
    });
  }

  /** Shows `message` (its text bounded: outside text is never laid out whole), replacing the one
   * with its key.
   * @param {Message} message */
  show(message) {
    this.messages.set(message.key, { ...message, text: bounded(message.text) });
    this.render();
  }

  /** Removes the message of `key`, if any (its cause is gone, or the player dismissed it).
   * @param {string} key */
  clear(key) {
    if (this.messages.delete(key)) this.render();
  }

  /** @param {string} key */
  has(key) {
    return this.messages.has(key);
  }

  /** The list drawn from the messages: entries added, changed or removed, the rest untouched (a
   * screen reader hears only what is new). */
  render() {
    const existing = new Map([...this.list.children].map((item) => [/** @type {HTMLElement} */ (item).dataset.key, /** @type {HTMLElement} */ (item)]));
    /** @type {HTMLElement[]} */
    const items = [];
    for (const message of this.messages.values()) {
      let item = existing.get(message.key);
      if (!item || item.dataset.kind !== message.kind) item = this.#item(message);
      const text = /** @type {HTMLElement} */ (item.querySelector('.message-text'));
      if (text.textContent !== message.text) text.textContent = message.text;
      const action = /** @type {HTMLButtonElement} */ (item.querySelector('.message-action'));
      action.hidden = !message.action;
      if (message.action && action.textContent !== message.action.label) action.textContent = message.action.label;
      const dismiss = /** @type {HTMLButtonElement} */ (item.querySelector('.dismiss'));
      if (dismiss.getAttribute('aria-label') !== this.dismissLabel()) dismiss.setAttribute('aria-label', this.dismissLabel());
      items.push(item);
    }
    const unchanged = items.length === this.list.children.length && items.every((item, i) => this.list.children[i] === item);
    if (!unchanged) this.list.replaceChildren(...items);
    this.list.hidden = items.length === 0;
  }

  /** A new entry: its text, an action button (hidden without one) and a close button.
   * @param {Message} message */
  #item(message) {
    const item = document.createElement('li');
    item.className = `message ${message.kind}`;
    item.dataset.key = message.key;
    item.dataset.kind = message.kind;
    item.dataset.testid = message.kind;
    item.setAttribute('part', message.kind);
    // An error speaks up at once; a notice waits for the screen reader to finish (the list is polite).
    if (message.kind === 'error') item.setAttribute('role', 'alert');
    const text = document.createElement('span');
    text.className = 'message-text';
    const action = document.createElement('button');
    action.type = 'button';
    action.className = 'message-action';
    action.dataset.testid = 'message-action';
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.className = 'dismiss';
    dismiss.dataset.testid = 'dismiss';
    dismiss.title = this.dismissLabel();
    item.append(text, action, dismiss);
    return item;
  }
}
