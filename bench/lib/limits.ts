/** Open-file limits: thousands of streams need thousands of sockets in each process. */
import { execFileSync } from 'node:child_process';

/** The hard limit on open files ("unlimited" as Infinity); NaN when it cannot be read. */
export function hardFdLimit(): number {
  try {
    const out = execFileSync('/bin/sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
    return out === 'unlimited' ? Number.POSITIVE_INFINITY : Number(out);
  } catch {
    return Number.NaN;
  }
}

/**
 * The command line that runs command with the soft open-file limit raised to the hard one
 * (node cannot raise its own): through sh, which then execs the command, keeping its fds (an
 * IPC channel included) and environment.
 */
export function raisedFdLimit(command: string, args: readonly string[]): { command: string; args: string[] } {
  return { command: '/bin/sh', args: ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"', command, ...args] };
}
