/** How test/helpers/doc-commands reads the marked command blocks of a README. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { docBlocks, isAssignment, runCommands, runDocCommand, serveCommands } from '../../helpers/doc-commands';

const README = [
  '# Example',
  '<!-- test: setup -->',
  '```sh',
  'echo making certs',
  '```',
  'text',
  '<!-- test: serve -->',
  '',
  '```sh',
  'node server.js --port 1 &',
  '# a comment',
  '```',
  '```sh',
  'not marked',
  '```',
  '<!-- test: run -->',
  '```sh',
  'A=1; B="two words"',
  'echo "$A $B" | tr a-z A-Z   # expect: TWO WORDS',
  'printf "x\\ny\\n" \\',
  '  | sort -r',
  '# expect: y',
  '# expect: x',
  '```',
].join('\n');

describe('doc command blocks', () => {
  test('only marked blocks are read, in order, with their kind and line', () => {
    const blocks = docBlocks(README);
    assert.deepEqual(blocks.map((b) => [b.kind, b.line]), [['setup', 3], ['serve', 9], ['run', 17]]);
    assert.deepEqual(serveCommands(blocks[1]!.text), ['node server.js --port 1']);
  });

  test('run commands: trailing and own-line expectations, continuations joined, assignments kept apart', () => {
    const commands = runCommands(docBlocks(README)[2]!.text);
    assert.deepEqual(commands, [
      { command: 'A=1; B="two words"', expect: [] },
      { command: 'echo "$A $B" | tr a-z A-Z', expect: ['TWO WORDS'] },
      { command: 'printf "x\\ny\\n"    | sort -r', expect: ['y', 'x'] },
    ]);
    assert.equal(isAssignment(commands[0]!.command), true);
    assert.equal(isAssignment(commands[1]!.command), false);
  });

  test('a marker without a sh block, or an expectation without a command, is an error', () => {
    assert.throws(() => docBlocks('<!-- test: run -->\ntext\n'), /must be followed by a ```sh block/);
    assert.throws(() => runCommands('# expect: x'), /follows no command/);
  });

  test('a command passes only when it exits 0 and prints every expected text', async () => {
    const [assign, echo] = runCommands(docBlocks(README)[2]!.text);
    assert.equal((await runDocCommand([assign!.command], echo!, process.cwd(), 5000)).ok, true);
    assert.equal((await runDocCommand([], echo!, process.cwd(), 5000)).ok, false, 'without the assignment the text differs');
    assert.equal((await runDocCommand([], { command: 'echo ok; exit 3', expect: ['ok'] }, process.cwd(), 5000)).ok, false);
  });
});
