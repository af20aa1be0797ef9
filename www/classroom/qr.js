// A QR code encoder (ISO/IEC 18004) for the exercise links the teacher projects: byte mode,
// error correction level M (15 % of the symbol can be lost) or L, the smallest version 1–40 the
// text fits, the mask of least penalty. Pure functions; the drawing is an SVG of the modules.
// The structure follows the standard's steps: encode the data, add Reed–Solomon codewords per
// block and interleave them, place the function patterns, the codewords in the zigzag and the
// format and version information, then mask.

/** Error-correction codewords per block and number of blocks, by level and version (index 0 unused). */
const ECC_PER_BLOCK = {
  L: [-1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  M: [-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
};
const BLOCKS = {
  L: [-1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  M: [-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
};
/** The two format bits of each level. */
const FORMAT_BITS = { L: 1, M: 0 };

/** Modules left for data and error correction in a version (all but the function patterns).
 * @param {number} version */
function rawDataModules(version) {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    result -= (25 * align - 10) * align - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

/** Data codewords a version holds at a level.
 * @param {number} version
 * @param {'L' | 'M'} level */
function dataCodewords(version, level) {
  return Math.floor(rawDataModules(version) / 8) - ECC_PER_BLOCK[level][version] * BLOCKS[level][version];
}

/** The most bytes a QR code of `level` holds (version 40). @param {'L' | 'M'} level */
export function capacity(level = 'M') {
  return dataCodewords(40, level) - 3;
}

// GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11D).
/** @param {number} x
 * @param {number} y */
function gfMultiply(x, y) {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

/** The Reed–Solomon generator polynomial of `degree` (roots α^0 … α^(degree−1)), highest term dropped.
 * @param {number} degree */
function rsDivisor(degree) {
  const result = new Array(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < result.length; j++) {
      result[j] = gfMultiply(result[j], root);
      if (j + 1 < result.length) result[j] ^= result[j + 1];
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

/** The error-correction codewords of `data`.
 * @param {number[]} data
 * @param {number[]} divisor */
function rsRemainder(data, divisor) {
  const result = new Array(divisor.length).fill(0);
  for (const b of data) {
    const factor = b ^ /** @type {number} */ (result.shift());
    result.push(0);
    divisor.forEach((coefficient, i) => {
      result[i] ^= gfMultiply(coefficient, factor);
    });
  }
  return result;
}

/**
 * The QR code of `text` (UTF-8, byte mode): `{size, version, level, mask, modules}`, `modules[y][x]`
 * true for a dark module. Throws when the text is longer than a version-40 code holds.
 * @param {string} text
 * @param {{level?: 'L' | 'M', mask?: number}} [options] a fixed mask (0–7) instead of the best one
 */
export function encodeQr(text, { level = 'M', mask } = {}) {
  const bytes = [...new TextEncoder().encode(text)];
  let version = 1;
  for (; version <= 40; version++) {
    const countBits = version <= 9 ? 8 : 16;
    if (4 + countBits + bytes.length * 8 <= dataCodewords(version, level) * 8) break;
  }
  if (version > 40) throw new Error(`a QR code holds at most ${capacity(level)} bytes; this text has ${bytes.length}`);
  const capacityBits = dataCodewords(version, level) * 8;

  // The bit stream: mode (byte = 0100), count, the bytes, a terminator, padding.
  /** @type {number[]} */
  const bits = [];
  const put = (/** @type {number} */ value, /** @type {number} */ length) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version <= 9 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, capacityBits - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacityBits; pad ^= 0xec ^ 0x11) put(pad, 8);
  /** @type {number[]} */
  const data = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0));

  const codewords = interleave(data, version, level);
  const size = version * 4 + 17;
  const grid = {
    size,
    modules: Array.from({ length: size }, () => new Array(size).fill(false)),
    isFunction: Array.from({ length: size }, () => new Array(size).fill(false)),
  };
  drawFunctionPatterns(grid, version);
  drawCodewords(grid, codewords);

  let chosen = mask;
  if (chosen === undefined) {
    let best = Infinity;
    for (let m = 0; m < 8; m++) {
      applyMask(grid, m);
      drawFormatBits(grid, level, m);
      const penalty = penaltyScore(grid.modules);
      if (penalty < best) {
        best = penalty;
        chosen = m;
      }
      applyMask(grid, m);
    }
  }
  const finalMask = /** @type {number} */ (chosen);
  applyMask(grid, finalMask);
  drawFormatBits(grid, level, finalMask);
  return { size, version, level, mask: finalMask, modules: grid.modules };
}

/** The data split into blocks, each with its error-correction codewords, interleaved.
 * @param {number[]} data
 * @param {number} version
 * @param {'L' | 'M'} level */
function interleave(data, version, level) {
  const blockCount = BLOCKS[level][version];
  const eccLength = ECC_PER_BLOCK[level][version];
  const raw = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blockCount - (raw % blockCount);
  const shortLength = Math.floor(raw / blockCount);
  const divisor = rsDivisor(eccLength);
  /** @type {number[][]} */
  const blocks = [];
  for (let i = 0, k = 0; i < blockCount; i++) {
    const block = data.slice(k, k + shortLength - eccLength + (i < shortBlocks ? 0 : 1));
    k += block.length;
    const ecc = rsRemainder(block, divisor);
    // Short blocks get a placeholder so that every block has the same length while interleaving.
    if (i < shortBlocks) block.push(0);
    blocks.push(block.concat(ecc));
  }
  /** @type {number[]} */
  const result = [];
  for (let i = 0; i < blocks[0].length; i++) {
    blocks.forEach((block, j) => {
      if (i !== shortLength - eccLength || j >= shortBlocks) result.push(block[i]);
    });
  }
  return result;
}

/** @typedef {{size: number, modules: boolean[][], isFunction: boolean[][]}} Grid */

/** @param {Grid} grid
 * @param {number} x
 * @param {number} y
 * @param {boolean} dark */
function setFunction(grid, x, y, dark) {
  grid.modules[y][x] = dark;
  grid.isFunction[y][x] = true;
}

/** Finder, separator, timing and alignment patterns, the version information, and the format
 * areas reserved (filled by drawFormatBits).
 * @param {Grid} grid
 * @param {number} version */
function drawFunctionPatterns(grid, version) {
  const { size } = grid;
  for (let i = 0; i < size; i++) {
    setFunction(grid, 6, i, i % 2 === 0);
    setFunction(grid, i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || x >= size || y < 0 || y >= size) continue;
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        setFunction(grid, x, y, distance !== 2 && distance !== 4);
      }
    }
  }
  const positions = alignmentPositions(version, size);
  const last = positions.length - 1;
  positions.forEach((y, i) => {
    positions.forEach((x, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) setFunction(grid, x + dx, y + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    });
  });
  drawFormatBits(grid, 'M', 0);
  if (version >= 7) {
    let remainder = version;
    for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
    const bits = (version << 12) | remainder;
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) !== 0;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      setFunction(grid, a, b, dark);
      setFunction(grid, b, a, dark);
    }
  }
}

/** The centres of the alignment patterns along each axis.
 * @param {number} version
 * @param {number} size */
function alignmentPositions(version, size) {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const result = [6];
  for (let position = size - 7; result.length < count; position -= step) result.splice(1, 0, position);
  return result;
}

/** The 15 format bits (level and mask, BCH-protected, XOR 0x5412) in their two copies, and the dark module.
 * @param {Grid} grid
 * @param {'L' | 'M'} level
 * @param {number} mask */
function drawFormatBits(grid, level, mask) {
  const { size } = grid;
  const data = (FORMAT_BITS[level] << 3) | mask;
  let remainder = data;
  for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
  const bits = ((data << 10) | remainder) ^ 0x5412;
  const bit = (/** @type {number} */ i) => ((bits >>> i) & 1) !== 0;
  for (let i = 0; i <= 5; i++) setFunction(grid, 8, i, bit(i));
  setFunction(grid, 8, 7, bit(6));
  setFunction(grid, 8, 8, bit(7));
  setFunction(grid, 7, 8, bit(8));
  for (let i = 9; i < 15; i++) setFunction(grid, 14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) setFunction(grid, size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) setFunction(grid, 8, size - 15 + i, bit(i));
  setFunction(grid, 8, size - 8, true);
}

/** The codewords in the zigzag: two-module columns from the right, up then down, skipping the timing column.
 * @param {Grid} grid
 * @param {number[]} codewords */
function drawCodewords(grid, codewords) {
  const { size } = grid;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vertical = 0; vertical < size; vertical++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vertical : vertical;
        if (!grid.isFunction[y][x] && i < codewords.length * 8) {
          grid.modules[y][x] = ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) !== 0;
          i++;
        }
      }
    }
  }
}

/** The eight masks of the standard (x the column, y the row). */
const MASKS = [
  (/** @type {number} */ x, /** @type {number} */ y) => (x + y) % 2 === 0,
  (/** @type {number} */ _x, /** @type {number} */ y) => y % 2 === 0,
  (/** @type {number} */ x) => x % 3 === 0,
  (/** @type {number} */ x, /** @type {number} */ y) => (x + y) % 3 === 0,
  (/** @type {number} */ x, /** @type {number} */ y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (/** @type {number} */ x, /** @type {number} */ y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (/** @type {number} */ x, /** @type {number} */ y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (/** @type {number} */ x, /** @type {number} */ y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** XORs mask `mask` over the data modules (applying it twice undoes it).
 * @param {Grid} grid
 * @param {number} mask */
function applyMask(grid, mask) {
  const test = MASKS[mask];
  for (let y = 0; y < grid.size; y++) {
    for (let x = 0; x < grid.size; x++) if (!grid.isFunction[y][x] && test(x, y)) grid.modules[y][x] = !grid.modules[y][x];
  }
}

/**
 * The standard's penalty of a masked symbol: runs of five or more modules of one colour (N1 = 3,
 * plus one per module beyond five), 2×2 blocks of one colour (N2 = 3), finder-like 1:1:3:1:1
 * patterns with four light modules on a side (N3 = 40), and the dark share's distance from 50 %
 * (N4 = 10 per 5 %).
 * @param {boolean[][]} modules
 */
export function penaltyScore(modules) {
  const size = modules.length;
  let result = 0;
  const line = (/** @type {(i: number) => boolean} */ at) => {
    let runColor = false;
    let run = 0;
    const history = [0, 0, 0, 0, 0, 0, 0];
    const addHistory = (/** @type {number} */ length) => {
      if (history[0] === 0) length += size; // the light border before the first run
      history.pop();
      history.unshift(length);
    };
    const patterns = () => {
      const n = history[1];
      const core = n > 0 && history[2] === n && history[3] === n * 3 && history[4] === n && history[5] === n;
      return (core && history[0] >= n * 4 && history[6] >= n ? 1 : 0) + (core && history[6] >= n * 4 && history[0] >= n ? 1 : 0);
    };
    for (let i = 0; i < size; i++) {
      if (at(i) === runColor) {
        run++;
        if (run === 5) result += 3;
        else if (run > 5) result++;
      } else {
        addHistory(run);
        if (!runColor) result += patterns() * 40;
        runColor = at(i);
        run = 1;
      }
    }
    if (runColor) {
      addHistory(run);
      run = 0;
    }
    addHistory(run + size); // the light border after the last run
    result += patterns() * 40;
  };
  for (let y = 0; y < size; y++) line((x) => modules[y][x]);
  for (let x = 0; x < size; x++) line((y) => modules[y][x]);
  for (let y = 0; y < size - 1; y++) {
    for (let x = 0; x < size - 1; x++) {
      const c = modules[y][x];
      if (c === modules[y][x + 1] && c === modules[y + 1][x] && c === modules[y + 1][x + 1]) result += 3;
    }
  }
  const dark = modules.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
  const total = size * size;
  const k = Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1;
  return result + k * 10;
}

/**
 * The code as an SVG element: one path of dark modules on a light square with the standard's
 * quiet zone of 4 modules, scaled to its box (crisp at any size: a projector, a printed page).
 * @param {string} text
 * @param {string} label what a screen reader says of it
 */
export function qrSvg(text, label) {
  const code = encodeQr(text);
  const NS = 'http://www.w3.org/2000/svg';
  const quiet = 4;
  const side = code.size + 2 * quiet;
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${side} ${side}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.dataset.version = String(code.version);
  svg.dataset.size = String(code.size);
  const back = document.createElementNS(NS, 'rect');
  back.setAttribute('width', String(side));
  back.setAttribute('height', String(side));
  back.setAttribute('fill', '#ffffff');
  let d = '';
  code.modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x + quiet} ${y + quiet}h1v1h-1z`;
    });
  });
  const path = document.createElementNS(NS, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill', '#000000');
  svg.append(back, path);
  return svg;
}
