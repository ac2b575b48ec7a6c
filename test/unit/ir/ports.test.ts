import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { unprivilegedBindPorts } from '../../../src/ir/ports';

test('privileged ports move up by 10000; unprivileged ports bind as they are', () => {
  assert.deepEqual([...unprivilegedBindPorts([443, 80, 8080, 80, 1023, 1024])], [[80, 10080], [443, 10443], [1023, 11023]]);
});

test('a mapping skips ports the Gateway listens on and ports mapped before it', () => {
  // 10080 and 10081 are listeners' ports, so 80 takes 10082; 81 then finds 10081 and 10082 taken.
  assert.deepEqual([...unprivilegedBindPorts([10080, 81, 80, 10081])], [[80, 10082], [81, 10083]]);
});

test('the result depends only on the set of ports', () => {
  assert.deepEqual([...unprivilegedBindPorts([53, 80, 10053])], [...unprivilegedBindPorts([10053, 80, 53, 53])]);
  assert.equal(unprivilegedBindPorts([]).size, 0);
});
