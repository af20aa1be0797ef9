// A class's attempt codes as a teacher pastes them: one a line, each optionally with the
// student's name before it ("Ana Conceição 8000-20P1-JYJS", "Ana;8000-20P1-JYJS", a spreadsheet's
// two columns), blank lines skipped; and the table written as CSV (RFC 4180). Pure: no page, no
// engine (class-sheet.js checks each code and draws the table).

/** A code as the page writes it (`8000-20P1-JYJS`), in any case. */
const HYPHENATED = /[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}/g;
/** Twelve symbols without hyphens, standing alone. */
const BARE = /(?<![0-9A-Za-z])[0-9A-Za-z]{12}(?![0-9A-Za-z])/g;
/** What may separate a name from its code: spaces, tabs, : ; , | and dashes. */
const SEPARATORS = /^[\s:;,|–—-]+|[\s:;,|–—-]+$/g;

/**
 * One line of the list: its number (1-based, blank lines counted), the student's name ('' when
 * none is given) and the code as typed (the whole line when nothing in it looks like a code).
 * @typedef {{line: number, name: string, code: string}} ListedCode
 */

/**
 * The lines of a pasted list that hold something, each split into a name and a code: the last
 * thing on the line shaped like a code (`XXXX-XXXX-XXXX`, else twelve letters and digits), the
 * name before it (after it when nothing is before).
 * @param {string} text
 * @returns {ListedCode[]}
 */
export function parseCodeList(text) {
  /** @type {ListedCode[]} */
  const out = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const match = lastMatch(line, HYPHENATED) ?? lastMatch(line, BARE);
    if (!match) {
      out.push({ line: index + 1, name: '', code: line });
      return;
    }
    const before = line.slice(0, match.index).replace(SEPARATORS, '');
    const after = line.slice(match.index + match[0].length).replace(SEPARATORS, '');
    out.push({ line: index + 1, name: before || after, code: match[0] });
  });
  return out;
}

/** @param {string} text @param {RegExp} pattern */
function lastMatch(text, pattern) {
  let last = null;
  for (const match of text.matchAll(pattern)) last = match;
  return last;
}

/**
 * One cell of a CSV file: quoted when it holds a comma, a quote, a line break or spaces at its
 * ends (quotes doubled); a text a spreadsheet would take for a formula (= + - @ first) gets a
 * leading apostrophe, as spreadsheets advise for data from outside.
 * @param {string | number} value
 */
export function csvCell(value) {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV file of rows (the first the header): cells joined by commas, lines ended by CRLF (RFC
 * 4180), and a byte-order mark first so that spreadsheets read it as UTF-8 (accents, −).
 * @param {(string | number)[][]} rows
 */
export function toCsv(rows) {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/**
 * Rows sorted by a column, stably (ties keep the order they had: the list's); numbers as
 * numbers, texts in the page's language (`locale`), empty cells last.
 * @template T
 * @param {T[]} rows
 * @param {(row: T) => string | number | null} key
 * @param {1 | -1} direction
 * @param {string} locale
 * @returns {T[]}
 */
export function sortRows(rows, key, direction, locale) {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return rows
    .map((row, index) => ({ row, index, value: key(row) }))
    .sort((a, b) => {
      const empty = Number(a.value === null || a.value === '') - Number(b.value === null || b.value === '');
      if (empty) return empty;
      const order = typeof a.value === 'number' && typeof b.value === 'number' ? a.value - b.value : collator.compare(String(a.value), String(b.value));
      return order * direction || a.index - b.index;
    })
    .map((entry) => entry.row);
}
