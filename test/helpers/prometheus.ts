/**
 * Prometheus' own text-format parser (github.com/prometheus/common/expfmt), built from
 * test/tools/promparse with the Go toolchain into ~/.cache/pier (once per source version), so
 * tests check /metrics the way a Prometheus server reads it.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { testData } from './paths';

export interface PromSample {
  labels: Record<string, string>;
  value?: number;
  count?: number;
  sum?: number;
  buckets?: Record<string, number>;
}

export interface PromFamily {
  name: string;
  help: string;
  /** COUNTER, GAUGE, HISTOGRAM, SUMMARY, UNTYPED. */
  type: string;
  samples: PromSample[];
}

let binary: string | undefined;

function goCommand(): string {
  for (const candidate of ['go', '/usr/local/go/bin/go']) {
    try {
      execFileSync(candidate, ['version'], { stdio: 'ignore' });
      return candidate;
    } catch { /* next */ }
  }
  throw new Error('the Go toolchain is needed to build the Prometheus text parser (test/tools/promparse)');
}

/** Builds the parser when this version of its sources was not built yet. */
export function requirePromParse(): string {
  if (binary) return binary;
  const source = testData('tools', 'promparse');
  const hash = createHash('sha256');
  for (const f of ['main.go', 'go.mod', 'go.sum']) hash.update(readFileSync(path.join(source, f)));
  const dir = path.join(os.homedir(), '.cache', 'pier');
  const out = path.join(dir, `promparse-${hash.digest('hex').slice(0, 16)}`);
  if (!existsSync(out)) {
    mkdirSync(dir, { recursive: true });
    execFileSync(goCommand(), ['build', '-o', out, '.'], { cwd: source, stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 });
  }
  binary = out;
  return out;
}

/** Parses exposition text; throws with the parser's message when it is not valid. */
export function parsePrometheusText(text: string): PromFamily[] {
  try {
    return JSON.parse(execFileSync(requirePromParse(), { input: text, encoding: 'utf8', timeout: 30_000 })) as PromFamily[];
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr;
    throw new Error(`not valid Prometheus text format: ${stderr || (err as Error).message}`);
  }
}

/** The samples of a family whose labels include `labels`. */
export function samplesOf(families: readonly PromFamily[], name: string, labels: Record<string, string> = {}): PromSample[] {
  const family = families.find((f) => f.name === name);
  if (!family) return [];
  return family.samples.filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}
