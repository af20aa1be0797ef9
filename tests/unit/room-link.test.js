// The exercise link the room can open (www/classroom/room-link.js): which addresses only the
// teacher's machine opens, what the teacher may type as the address students will use, and the
// link built from it with the exercise's page and query.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isLoopbackHost, readRoomAddress, linkAt } from '../../www/classroom/room-link.js';

const host = (/** @type {string} */ address) => new URL(address).hostname;

test('loopback addresses are this machine\'s own, however written; a network or web address is not', () => {
  for (const address of [
    'http://127.0.0.1:8000/', 'http://localhost:8000/', 'http://LOCALHOST/', 'http://app.localhost/', 'http://127.1.2.3/',
    'http://127.1/', 'http://[::1]:8000/', 'http://0.0.0.0:8000/', 'http://0:8000/', 'http://[::]/', 'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:0:0:1]/', 'http://localhost./',
  ]) {
    assert.equal(isLoopbackHost(host(address)), true, address);
  }
  assert.equal(isLoopbackHost(''), true, 'a file has no host');
  for (const address of [
    'http://192.168.1.20:8000/', 'http://10.0.0.5/', 'https://school.example/othello/', 'http://[fe80::1]/', 'http://128.0.0.1/',
    'http://127.0.0.1.example/', 'http://mylocalhost/', 'http://raspberrypi.local:8000/',
  ]) {
    assert.equal(isLoopbackHost(host(address)), false, address);
  }
});

test('the address typed: a good one is a base, a bad or loopback one says why, nothing typed is none', () => {
  assert.equal(readRoomAddress(''), null);
  assert.equal(readRoomAddress('   '), null);
  assert.equal(/** @type {any} */ (readRoomAddress('http://192.168.1.20:8000/')).base.href, 'http://192.168.1.20:8000/');
  // Without a scheme, http; around spaces trimmed; a query or fragment dropped.
  assert.equal(/** @type {any} */ (readRoomAddress(' 192.168.1.20:8000 ')).base.href, 'http://192.168.1.20:8000/');
  assert.equal(/** @type {any} */ (readRoomAddress('https://school.example/othello/?x=1#top')).base.href, 'https://school.example/othello/');
  for (const bad of ['http://', 'http://192.168.1.20:99999/', 'ftp://school.example/', 'file:///home/teacher/classroom.html', 'http://user:pw@school.example/', 'http://sch ool/', 'http://a%20b/', 'http://a_b.example/', 'javascript:alert(1)']) {
    assert.deepEqual(readRoomAddress(bad), { error: 'bad' }, bad);
  }
  // An international name, as the parser writes it; an IPv6 address of the network.
  assert.equal(/** @type {any} */ (readRoomAddress('https://escola-são-joão.pt/')).base.hostname, 'xn--escola-so-joo-3ebe.pt');
  assert.equal(/** @type {any} */ (readRoomAddress('http://[fe80::1]:8000/')).base.href, 'http://[fe80::1]:8000/');
  assert.deepEqual(readRoomAddress('http://localhost:8000/'), { error: 'loopback', host: 'localhost' });
  assert.deepEqual(readRoomAddress('127.0.0.1:8000'), { error: 'loopback', host: '127.0.0.1' });
});

test('the link keeps the exercise\'s page and query at the address given', () => {
  const query = '?exercise=42&shape=3x2&algorithm=alphabeta&mode=exercise&lang=pt-BR';
  const at = (/** @type {string} */ typed, pagePath = '/classroom.html') => linkAt(/** @type {any} */ (readRoomAddress(typed)).base, pagePath, query);
  assert.equal(at('http://192.168.1.20:8000/'), `http://192.168.1.20:8000/classroom.html${query}`);
  assert.equal(at('192.168.1.20:8000'), `http://192.168.1.20:8000/classroom.html${query}`);
  assert.equal(at('https://school.example/othello'), `https://school.example/othello/classroom.html${query}`);
  assert.equal(at('https://school.example/othello/classroom.html'), `https://school.example/othello/classroom.html${query}`);
  assert.equal(at('http://192.168.1.20:80/'), `http://192.168.1.20/classroom.html${query}`, 'the default port left out');
  // The page's own file, wherever it is served from.
  assert.equal(at('http://192.168.1.20:8000/', '/dist/classroom.html'), `http://192.168.1.20:8000/classroom.html${query}`);
  assert.equal(at('http://192.168.1.20:8000/', '/'), `http://192.168.1.20:8000/classroom.html${query}`);
});
