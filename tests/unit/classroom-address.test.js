// The classroom's address: read and written back (www/classroom/address.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readAddress, writeAddress } from '../../www/classroom/address.js';

test('an address is read and written back the same', () => {
  for (const search of ['?example=pruning&algorithm=alphabeta', '?example=othello&depth=3&algorithm=minimax', '?tree=((3 5) (2 9))&algorithm=negamax']) {
    const read = readAddress(search);
    assert.deepEqual(read.problems, [], search);
    const again = readAddress(`?${writeAddress(read.source, read.algorithm, read.lang).split('?').pop()}`);
    assert.deepEqual(again.source, read.source, search);
    assert.equal(again.algorithm, read.algorithm, search);
  }
});

test('what an address gets wrong is named, and a lesson opens all the same', () => {
  const read = readAddress('?example=nope&depth=99');
  assert.equal(read.problems[0].key, 'address.example');
  assert.equal(read.problems[0].values.value, 'nope');
  assert.ok(read.source, 'the default lesson');
  const deep = readAddress('?example=othello&depth=99');
  assert.equal(deep.problems[0].key, 'address.depth');
  assert.equal(deep.source.depth, 2);
});
