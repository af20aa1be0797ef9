// The exercise link the room can open: opened at a loopback address (make play's 127.0.0.1), the
// builder warns that no phone can open its link and takes the address students will use; the link
// and the QR code are then built from it (the exercise's page and query kept), the choice is
// remembered and a bad address said, never made into a link; opened at a host name of the
// network, no warning. The attempt code's check in the page's language, every word of it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServerAndBrowser, openPage, waitReady, text, artifacts, openClassroom } from './helpers.js';

const { server, browser } = await startServerAndBrowser();
const V = { width: 1024, height: 768 };

const open = (query, viewport = V) => openClassroom(browser, server, query, viewport);

/** Opens the builder on a random 3x2 tree of seed 42 by alpha-beta. */
async function build(page) {
  await page.click('[data-testid="open-builder"]');
  await page.check('[data-testid="builder-random"]');
  await page.selectOption('[data-testid="builder-shape"]', '3x2');
  await page.fill('[data-testid="builder-seed"]', '42');
  await page.selectOption('[data-testid="builder-algorithm"]', 'alphabeta');
}

/** The text the drawn QR code encodes is `link`: its modules are the encoder's for that text. */
function qrHolds(page, link) {
  return page.evaluate(async (link) => {
    const { encodeQr } = await import('/www/classroom/qr.js');
    const svg = document.querySelector('[data-testid="builder-qr"] svg');
    const size = Number(svg.dataset.size);
    const drawn = Array.from({ length: size }, () => new Array(size).fill(false));
    for (const [, x, y] of svg.querySelector('path').getAttribute('d').matchAll(/M(\d+) (\d+)/g)) drawn[y - 4][x - 4] = true;
    return JSON.stringify(drawn) === JSON.stringify(encodeQr(link).modules);
  }, link);
}

const link = (page) => page.inputValue('[data-testid="builder-link"]');

test('opened at 127.0.0.1: the warning, and the link and its QR code at the address students will use, remembered; a bad address said, never a link', async () => {
  const { page, context, errors } = await open('?example=lecture&lang=en');
  await build(page);
  assert.ok(await page.isVisible('[data-testid="builder-loopback"]'));
  assert.equal(
    await text(page, 'builder-loopback'),
    'Phones in the room cannot open this link: 127.0.0.1 is this computer’s own address. Start the classroom with HOST=0.0.0.0 make play and open it at the address that prints, or give the address students will use here.',
  );
  const own = await link(page);
  assert.ok(own.startsWith(`${server.url}classroom.html?`), own);
  assert.ok(await qrHolds(page, own));
  const query = own.slice(own.indexOf('?'));

  // The address students will use: the link and the QR code name it, with the exercise's query.
  await page.fill('[data-testid="builder-room-address"]', 'http://192.168.1.20:8000/');
  assert.equal(await link(page), `http://192.168.1.20:8000/classroom.html${query}`);
  assert.ok(await qrHolds(page, `http://192.168.1.20:8000/classroom.html${query}`), 'the QR code holds the new link');
  assert.equal(await page.getAttribute('[data-testid="builder-open"]', 'href'), `http://192.168.1.20:8000/classroom.html${query}`);
  assert.equal(await text(page, 'builder-room-status'), 'The link and its QR code name http://192.168.1.20:8000/.');
  assert.equal(await text(page, 'builder-loopback'), 'This page is open at 127.0.0.1, which phones in the room cannot open: the link and its QR code name the address below instead.');
  await page.screenshot({ path: path.join(artifacts, 'classroom-builder-room-1024x768.png') });
  // A school's static host, in a folder.
  await page.fill('[data-testid="builder-room-address"]', 'https://school.example/othello');
  assert.equal(await link(page), `https://school.example/othello/classroom.html${query}`);

  // A bad address: said, and the link stays a whole one (this computer's), never a broken one.
  await page.fill('[data-testid="builder-room-address"]', 'http://school example/');
  assert.equal(await page.getAttribute('[data-testid="builder-room-status"]', 'data-state'), 'bad');
  assert.match(await text(page, 'builder-loopback'), /^Phones in the room cannot open this link/);
  assert.match(await text(page, 'builder-room-status'), /^“http:\/\/school example\/” is not an address students can open: write one such as http:\/\/192\.168\.1\.20:8000\//);
  assert.equal(await link(page), own);
  assert.ok(await qrHolds(page, own));
  await page.fill('[data-testid="builder-room-address"]', 'localhost:8000');
  assert.equal(await text(page, 'builder-room-status'), 'localhost is this computer’s own address too: phones cannot open it either.');
  assert.equal(await link(page), own);

  // Remembered for the next visit (the last good address, not the bad one typed after it).
  await page.fill('[data-testid="builder-room-address"]', '192.168.1.20:8000');
  assert.equal(await link(page), `http://192.168.1.20:8000/classroom.html${query}`);
  await page.fill('[data-testid="builder-room-address"]', 'ftp://nowhere/');
  await page.reload();
  await waitReady(page);
  await build(page);
  assert.equal(await page.inputValue('[data-testid="builder-room-address"]'), '192.168.1.20:8000');
  // (A new class key each time the builder opens: the query is the new one.)
  const again = (await link(page)).replace(/^[^?]*/, '');
  assert.equal(await link(page), `http://192.168.1.20:8000/classroom.html${again}`);
  // Emptied: the page's own address again, and nothing kept.
  await page.fill('[data-testid="builder-room-address"]', '');
  assert.equal(await link(page), `${server.url}classroom.html${again}`);
  assert.equal(await page.evaluate(() => localStorage.getItem('classroom.roomAddress')), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('in Portuguese: the warning and the address\'s messages, and an attempt code that does not read said in the page\'s words', async () => {
  for (const [lang, words] of [
    ['pt-BR', { phones: 'Os celulares da sala não conseguem abrir este link', used: 'O link e o seu código QR usam http://192.168.1.20:8000/.', character: "'U' (caractere 1) não é um símbolo de código" }],
    ['pt-PT', { phones: 'Os telemóveis da sala não conseguem abrir este link', used: 'O link e o seu código QR usam http://192.168.1.20:8000/.', character: "'U' (carácter 1) não é um símbolo de código" }],
  ]) {
    const { page, context, errors } = await open(`?example=lecture&lang=${lang}`);
    await build(page);
    assert.match(await text(page, 'builder-loopback'), new RegExp(`^${words.phones}: 127\\.0\\.0\\.1 é o endereço deste próprio computador\\. Inicie a sala de aula com HOST=0\\.0\\.0\\.0 make play`));
    assert.equal(await text(page, 'builder-room-address-label'), 'Endereço que os alunos vão usar');
    await page.fill('[data-testid="builder-room-address"]', 'http://192.168.1.20:8000/');
    assert.equal(await text(page, 'builder-room-status'), words.used);
    assert.match(await text(page, 'builder-loopback'), /^Esta página está aberta em 127\.0\.0\.1, que os (celulares|telemóveis) da sala não conseguem abrir: o link e o seu código QR usam o endereço abaixo\.$/);
    if (lang === 'pt-BR') await page.screenshot({ path: path.join(artifacts, 'classroom-builder-room-pt-BR-1024x768.png') });
    await page.fill('[data-testid="builder-room-address"]', 'http://escola exemplo/');
    assert.match(await text(page, 'builder-room-status'), /^“http:\/\/escola exemplo\/” não é um endereço que os alunos consigam abrir/);
    // A code of another version, and one with a symbol no code has: all in the page's words.
    await page.fill('[data-testid="builder-code"]', 'ZZZZ-ZZZZ-ZZZZ');
    await page.click('[data-testid="builder-check"]');
    assert.equal(await text(page, 'builder-check-result'), 'Não é um código válido: este código é da versão 3, que esta página não conhece.');
    await page.fill('[data-testid="builder-code"]', 'U000-0000-0000');
    await page.click('[data-testid="builder-check"]');
    assert.equal(await text(page, 'builder-check-result'), `Não é um código válido: ${words.character}.`);
    await page.fill('[data-testid="builder-code"]', '0000-0000');
    await page.click('[data-testid="builder-check"]');
    assert.equal(await text(page, 'builder-check-result'), 'Não é um código válido: um código tem 12 símbolos, este tem 8.');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('opened at a host name of the network: no warning, the link names the page\'s own address', async () => {
  // The page as a phone would reach it, at a name that is not this machine's own: the browser's
  // requests for that host answered by the test's server.
  const { page, context, errors } = await openPage(browser, V, { serviceWorkers: 'block' });
  const host = `http://classroom.test:${server.port}/`;
  await context.route(`${host}**`, async (route) => {
    const response = await route.fetch({ url: route.request().url().replace(host, server.url) });
    await route.fulfill({ response });
  });
  await page.goto(`${host}classroom.html?example=lecture&lang=en`);
  await waitReady(page);
  await build(page);
  assert.equal(await page.isVisible('[data-testid="builder-room"]'), false);
  assert.equal(await page.isVisible('[data-testid="builder-loopback"]'), false);
  const own = await link(page);
  assert.ok(own.startsWith(`${host}classroom.html?`), own);
  assert.ok(await qrHolds(page, own));
  assert.deepEqual(errors, []);
  await context.close();
});
