// Outside text (a pasted record, an address, a stored game, an engine's message) is never laid
// out whole: a 1 MB word would freeze the page while the browser measures it. Every such text is
// cut to an excerpt here before it reaches the page (and the style sheets let messages wrap
// anywhere).

/** The longest piece of outside text a message quotes, in characters. */
export const EXCERPT_CHARS = 80;
/** The longest message shown, in characters. */
export const MESSAGE_CHARS = 400;

/** `text` cut to `max` characters, with an ellipsis when something was cut.
 * @param {unknown} text
 * @param {number} [max] */
export function excerpt(text, max = EXCERPT_CHARS) {
  const value = String(text);
  // Spreading counts characters, not UTF-16 units; only the head is spread, so this stays cheap.
  const head = [...value.slice(0, 2 * max + 2)];
  return head.length > max ? head.slice(0, max).join('') + '…' : value;
}

const LONG_WORD = new RegExp(`\\S{${EXCERPT_CHARS + 1},}`, 'g');

/** A message from elsewhere (an engine error, say) made safe to show: every word longer than an
 * excerpt is cut to one, then the whole message is bounded.
 * @param {unknown} message */
export function bounded(message) {
  return excerpt(String(message).replace(LONG_WORD, (word) => excerpt(word)), MESSAGE_CHARS);
}
