// Minifies the site's ES modules for `make dist` (scripts/dist.sh): node minify.mjs SRC_ROOT
// OUT_ROOT FILE… writes OUT_ROOT/FILE minified from SRC_ROOT/FILE, with its source map beside it
// (FILE.map, the original text inside) for the browser's developer tools. Each module stays a
// file of its own: nothing is bundled, and every import still names the file it did.
//
// A file is looked at again only when its output is missing or older than its source, and
// minified again only when its text changed: results are kept in target/minify-cache/ by a hash
// of the file's name and text and terser's version and options (the test suite builds the site
// into fresh folders several times). Outputs are written to a temporary name first and renamed,
// so an interrupted build leaves no half file. Prints the names of the files it wrote, one a line
// (dist.sh counts them).

import { createHash } from 'node:crypto';
import { readFile, rename, stat, writeFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { minify } from 'terser';

const CACHE = 'target/minify-cache';
/** Terser's version: a newer terser minifies everything again. */
const TERSER = createRequire(import.meta.url)('terser/package.json').version;

/** Terser's options: names of functions and classes are kept, so that an error's stack and a
 * class's name read as in the sources. */
const OPTIONS = {
  module: true,
  compress: { passes: 2 },
  mangle: true,
  keep_classnames: true,
  keep_fnames: true,
  format: { comments: false },
};

async function mtime(file) {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

async function writeAtomically(file, text) {
  const temporary = `${file}.tmp-${process.pid}`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

const [sourceRoot, outRoot, ...files] = process.argv.slice(2);
if (!sourceRoot || !outRoot) {
  console.error('usage: node minify.mjs SRC_ROOT OUT_ROOT FILE…');
  process.exit(2);
}
for (const file of files) {
  const source = path.join(sourceRoot, file);
  const out = path.join(outRoot, file);
  const outTime = await mtime(out);
  const sourceTime = await mtime(source);
  if (sourceTime === null) {
    console.error(`minify: ${source} does not exist`);
    process.exit(1);
  }
  if (outTime !== null && outTime >= sourceTime && (await mtime(`${out}.map`)) !== null) continue;
  const name = path.basename(file);
  const text = await readFile(source, 'utf8');
  const key = createHash('sha256').update(JSON.stringify([TERSER, OPTIONS, name, text])).digest('hex');
  const cached = path.join(CACHE, key);
  let result;
  try {
    result = { code: await readFile(`${cached}.js`, 'utf8'), map: await readFile(`${cached}.js.map`, 'utf8') };
  } catch {
    try {
      result = await minify({ [name]: text }, { ...OPTIONS, sourceMap: { filename: name, url: `${name}.map`, includeSources: true } });
    } catch (error) {
      // Terser's parse errors name the line and column.
      console.error(`minify: ${source}: ${error.message}${error.line ? ` (line ${error.line}, column ${error.col})` : ''}`);
      process.exit(1);
    }
    await mkdir(CACHE, { recursive: true });
    await writeAtomically(`${cached}.js.map`, result.map);
    await writeAtomically(`${cached}.js`, result.code);
  }
  // A source touched but not changed: the output is already this (and nothing is said).
  const [shippedCode, shippedMap] = await Promise.all([readFile(out, 'utf8').catch(() => null), readFile(`${out}.map`, 'utf8').catch(() => null)]);
  if (shippedCode === result.code && shippedMap === result.map) continue;
  await mkdir(path.dirname(out), { recursive: true });
  // The map first: a module is never there without the map its last line names.
  await writeAtomically(`${out}.map`, result.map);
  await writeAtomically(out, result.code);
  console.log(file);
}
