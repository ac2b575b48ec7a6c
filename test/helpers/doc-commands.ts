/**
 * Commands written in Markdown that tests run as written, so the docs cannot rot. A fenced
 * ```sh block preceded by a marker line is taken:
 *   <!-- test: setup -->  run once with bash before anything starts (e.g. making certificates)
 *   <!-- test: serve -->  long-running commands, one a line, started in the background
 *   <!-- test: run -->    commands run one by one; a trailing `# expect: TEXT` (or a line of its
 *                         own right after the command) says what the output must contain
 * A line ending in `\` continues on the next. Comment lines are skipped; lines that only assign
 * shell variables (`T=...; X="..."`) are kept for the commands after them.
 */
import { execFile } from 'node:child_process';

export type BlockKind = 'setup' | 'serve' | 'run';

export interface DocBlock {
  kind: BlockKind;
  /** The block's text, as written. */
  text: string;
  /** 1-based line of the opening fence in the document. */
  line: number;
}

export interface DocCommand {
  /** The command as written, continuation lines joined, without its `# expect:` comment. */
  command: string;
  /** Texts the output must contain. */
  expect: string[];
}

const MARKER = /^<!--\s*test:\s*(setup|serve|run)\s*-->\s*$/;

/** The marked blocks of a Markdown document, in order. */
export function docBlocks(markdown: string): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = MARKER.exec(lines[i]!.trim());
    if (!m) continue;
    let open = i + 1;
    while (open < lines.length && lines[open]!.trim() === '') open++;
    if (!/^```(sh|bash)\s*$/.test(lines[open]?.trim() ?? '')) throw new Error(`line ${i + 1}: a test marker must be followed by a \`\`\`sh block`);
    let close = open + 1;
    while (close < lines.length && lines[close]!.trim() !== '```') close++;
    if (close >= lines.length) throw new Error(`line ${open + 1}: the block is not closed`);
    blocks.push({ kind: m[1] as BlockKind, text: lines.slice(open + 1, close).join('\n'), line: open + 1 });
    i = close;
  }
  return blocks;
}

/** Logical lines: continuations joined, blank lines dropped. */
function logicalLines(text: string): string[] {
  const out: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    if (raw.trimEnd().endsWith('\\')) {
      pending += raw.trimEnd().slice(0, -1) + ' ';
      continue;
    }
    const line = (pending + raw).trim();
    pending = '';
    if (line !== '') out.push(line);
  }
  if (pending.trim() !== '') out.push(pending.trim());
  return out;
}

const EXPECT = /\s#\s*expect:\s*(.*)$/;
const ASSIGNMENTS_ONLY = /^([A-Za-z_][A-Za-z0-9_]*=("[^"]*"|'[^']*'|[^\s;]*)\s*;?\s*)+$/;

/** The commands of a run block with their expectations; variable assignments stay as commands without expectations. */
export function runCommands(text: string): DocCommand[] {
  const commands: DocCommand[] = [];
  for (const line of logicalLines(text)) {
    const ownExpect = /^#\s*expect:\s*(.*)$/.exec(line);
    if (ownExpect) {
      const last = commands[commands.length - 1];
      if (!last) throw new Error(`"${line}" follows no command`);
      last.expect.push(ownExpect[1]!.trim());
      continue;
    }
    if (line.startsWith('#')) continue;
    const trailing = EXPECT.exec(line);
    const command = (trailing ? line.slice(0, trailing.index) : line).trim();
    commands.push({ command, expect: trailing ? [trailing[1]!.trim()] : [] });
  }
  return commands;
}

/** The long-running commands of a serve block. */
export function serveCommands(text: string): string[] {
  return logicalLines(text).filter((l) => !l.startsWith('#')).map((l) => l.replace(/\s*&\s*$/, ''));
}

export function isAssignment(command: string): boolean {
  return ASSIGNMENTS_ONLY.test(command);
}

export interface CommandResult {
  ok: boolean;
  output: string;
}

/**
 * Runs one command with bash after the assignments so far (`prelude`), in `cwd`, bounded by
 * `timeoutMs`; ok when it exits 0 and its output (stdout and stderr) has every expected text.
 */
export function runDocCommand(prelude: readonly string[], c: DocCommand, cwd: string, timeoutMs: number, env: NodeJS.ProcessEnv = process.env): Promise<CommandResult> {
  const script = ['set -o pipefail', ...prelude, c.command].join('\n');
  return new Promise((resolve) => {
    execFile('bash', ['-c', script], { cwd, env, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL' }, (err, stdout, stderr) => {
      const output = `${stdout}${stderr}`;
      const missing = c.expect.filter((e) => !output.includes(e));
      const ok = err === null && missing.length === 0;
      resolve({ ok, output: `${output}${err ? `\n(exit: ${err.code ?? err.signal ?? err.message})` : ''}${missing.length > 0 ? `\n(missing: ${missing.join(' | ')})` : ''}` });
    });
  });
}
