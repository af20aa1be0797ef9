// The gate against hubs: no source file over its limit of lines. A file that grows past it is
// split by concern before it lands; the few files allowed over it are listed below with the
// reason, printed at every run, and a listed file that has come back under the limit must leave
// the list (so that it does not rot).
//
//   node scripts/tools/check-sizes.mjs    (from the repository's root; exit 1 on a problem)

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Where the limits apply, and the limit of each kind of file. */
const RULES = [
  { what: 'page script', roots: ['www', 'sw.js'], ext: ['.js', '.mjs'], limit: 700 },
  { what: 'Rust source', roots: ['src', 'cli/src', 'tools/src'], ext: ['.rs'], limit: 1000 },
];

/** Files allowed over their limit, and why. */
/** @type {Record<string, string>} */
const EXCEPTIONS = {};

const root = process.cwd();

/** Every file under `path` (a file or a folder) with one of the extensions. */
function files(path, ext) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return ext.some((e) => path.endsWith(e)) ? [path] : [];
  return readdirSync(path).flatMap((name) => (name === 'pkg' || name === 'node_modules' ? [] : files(join(path, name), ext)));
}

const lines = (path) => readFileSync(path, 'utf8').split('\n').length - 1;

let problems = 0;
const seen = new Set();
for (const rule of RULES) {
  for (const path of rule.roots.flatMap((r) => files(join(root, r), rule.ext))) {
    const name = relative(root, path);
    const count = lines(path);
    if (name in EXCEPTIONS) {
      seen.add(name);
      if (count <= rule.limit) {
        console.error(`check-sizes: ${name} is ${count} lines, under the ${rule.what} limit of ${rule.limit}: take it off the exceptions`);
        problems++;
      } else {
        console.log(`check-sizes: allowed over ${rule.limit} lines: ${name} (${count}): ${EXCEPTIONS[name]}`);
      }
    } else if (count > rule.limit) {
      console.error(`check-sizes: ${name} is ${count} lines, over the ${rule.what} limit of ${rule.limit}: split it by concern`);
      problems++;
    }
  }
}
for (const name of Object.keys(EXCEPTIONS).filter((n) => !seen.has(n))) {
  console.error(`check-sizes: the exception ${name} names no file: take it off the list`);
  problems++;
}
process.exit(problems ? 1 : 0);
