// Square names and indices, shared by every module: a1 = 0 … h8 = 63, rows 1–8 top to bottom.

export const FILES = 'abcdefgh';

/** "d3" for index 19.
 * @param {number} index */
export function squareName(index) {
  return FILES[index % 8] + String(Math.floor(index / 8) + 1);
}

/** 19 for "d3"; -1 for anything that is not a square (a pass, say).
 * @param {unknown} name */
export function squareIndex(name) {
  if (typeof name !== 'string' || name.length !== 2) return -1;
  const col = FILES.indexOf(name[0].toLowerCase());
  const row = name.charCodeAt(1) - 49;
  return col >= 0 && row >= 0 && row < 8 ? row * 8 + col : -1;
}

export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;

/** "Black" for "black": a word with its first letter in capitals.
 * @param {string} color */
export function capitalize(color) {
  return color.charAt(0).toUpperCase() + color.slice(1);
}

/** The other side.
 * @param {'black' | 'white'} color
 * @returns {'black' | 'white'} */
export function opponentOf(color) {
  return color === 'black' ? 'white' : 'black';
}
