/**
 * Reads the conformance runner's `go test -v` output: each top-level conformance test's result
 * and, for those that did not pass, its first error on one line.
 */

export interface TestResult { name: string; result: 'PASS' | 'FAIL' | 'SKIP'; seconds: number; reason?: string }

/**
 * Reads `go test -v` output. A top-level conformance test's result is a `--- PASS|FAIL|SKIP:
 * TestConformance/<name> (<s>s)` line (Go prints them when TestConformance ends: the suite runs
 * subtests in parallel); its log lines follow the `=== RUN|NAME|CONT TestConformance/<name>[/...]`
 * header that names it, and its first error is the first testify `Error:` line among them.
 */
export class GoTestOutput {
  readonly results: TestResult[] = [];
  private readonly logs = new Map<string, string[]>();
  private current: string | undefined;
  /** The last top-level test that started, for a run cut short. */
  lastStarted: string | undefined;

  line(text: string): TestResult | undefined {
    const header = /^=== (RUN|NAME|CONT|PAUSE)\s+TestConformance\/([^/\s]+)/.exec(text);
    if (header) {
      this.current = header[2];
      if (header[1] === 'RUN') this.lastStarted = header[2];
      return undefined;
    }
    const done = /^\s*--- (PASS|FAIL|SKIP): TestConformance\/([^/\s]+) \(([\d.]+)s\)$/.exec(text);
    if (done) {
      const result: TestResult = { name: done[2], result: done[1] as TestResult['result'], seconds: Number(done[3]) };
      if (result.result !== 'PASS') result.reason = firstError(this.logs.get(done[2]) ?? []);
      this.results.push(result);
      return result;
    }
    if (/^\s*--- (PASS|FAIL|SKIP): /.test(text) || /^=== /.test(text)) return undefined;
    if (this.current) {
      const lines = this.logs.get(this.current) ?? [];
      if (lines.length < 2000) lines.push(text);
      this.logs.set(this.current, lines);
    }
    return undefined;
  }
}

/** testify's `Error:` (with its continuation lines and `Messages:`), and the test's last log line before it. */
export function firstError(lines: readonly string[]): string {
  const errorAt = lines.findIndex((l) => /^\s+Error:\s/.test(l));
  let text: string;
  if (errorAt >= 0) {
    const block: string[] = [lines[errorAt].replace(/^\s+Error:\s+/, '')];
    for (const l of lines.slice(errorAt + 1, errorAt + 12)) {
      if (/^\s+Messages:\s/.test(l)) block.push(`(${l.replace(/^\s+Messages:\s+/, '')})`);
      else if (/^\s+(Test|Error Trace):\s/.test(l) || !/^\s{8,}\S/.test(l)) continue;
      else if (block.length < 4 && !/^\s+\S+:\s/.test(l)) block.push(l);
    }
    const traceAt = lines.slice(0, errorAt).findLastIndex((l) => /^\s+Error Trace:/.test(l));
    const lastLog = lines.slice(0, traceAt >= 0 ? traceAt : errorAt).findLast((l) => /\.go:\d+: \S/.test(l));
    text = block.join(' ') + (lastLog ? `; last log: ${withoutPrefix(lastLog)}` : '');
  } else {
    const line = lines.find((l) => /\.go:\d+: .*(fail|error|expected|timed out|unexpected|skip)/i.test(l)) ?? lines.find((l) => /\.go:\d+: \S/.test(l));
    text = line ? withoutPrefix(line) : '(no message)';
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}

/** A log line without its "file.go:NN: " and the suite's timestamp. */
function withoutPrefix(line: string): string {
  return line.replace(/^\s*\S+\.go:\d+: (\d{4}-\d\d-\d\dT\S+Z: )?/, '');
}
