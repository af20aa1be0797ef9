// `make play`'s server (scripts/serve.sh): on 127.0.0.1 by default; with HOST=0.0.0.0 on every
// address of the machine, printing the addresses the other devices of its network use, and
// serving the pages there with the headers of cross-origin isolation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts scripts/serve.sh on `host`, waits for its banner, fetches /index.html from 127.0.0.1,
 * stops it; returns what it printed and the response's status and isolation header. */
async function serve(host) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn('scripts/serve.sh', [String(port), '.', ...(host ? [host] : [])], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout.on('data', (chunk) => (printed += chunk));
  child.stderr.on('data', (chunk) => (printed += chunk));
  try {
    for (let i = 0; i < 100 && !/Serving HTTP/.test(printed); i++) await new Promise((r) => setTimeout(r, 100));
    const response = await fetch(`http://127.0.0.1:${port}/index.html`);
    return { printed, port, status: response.status, coop: response.headers.get('cross-origin-opener-policy') };
  } finally {
    child.kill();
  }
}

test('by default the game is served on this machine alone, and says how to serve the network', async () => {
  const { printed, port, status, coop } = await serve();
  assert.equal(status, 200);
  assert.equal(coop, 'same-origin');
  assert.match(printed, new RegExp(`^Othello is served at http://127\\.0\\.0\\.1:${port}/ .*HOST=0\\.0\\.0\\.0`, 'm'));
  assert.match(printed, /Serving HTTP on 127\.0\.0\.1/);
});

test('HOST=0.0.0.0 serves every address and prints the ones other devices use', async () => {
  const { printed, port, status } = await serve('0.0.0.0');
  assert.equal(status, 200);
  assert.match(printed, /Serving HTTP on 0\.0\.0\.0/);
  // Each address printed for other devices is one of the machine's own, not a loopback one.
  const addresses = [...printed.matchAll(new RegExp(`http://([\\d.]+):${port}/ for the other devices`, 'g'))].map((m) => m[1]);
  const own = (await import('node:os')).networkInterfaces();
  const mine = Object.values(own).flat().map((i) => i?.address);
  for (const address of addresses) {
    assert.ok(mine.includes(address), `${address} is not an address of this machine`);
    assert.ok(!address.startsWith('127.'), address);
  }
  assert.ok(addresses.length > 0 || /no network address found/.test(printed), printed);
  assert.match(printed, /not a secure context/);
});
