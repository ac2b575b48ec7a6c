/**
 * The operator commands' view of a running Pier: GETs on its admin API, with a clear message
 * when nothing answers there.
 */
import * as http from 'node:http';
import { stringify } from 'yaml';

export const DEFAULT_ADMIN_ADDRESS = '127.0.0.1:19000';
const TIMEOUT_MS = 10_000;

/** What every operator command accepts. */
export const OPS_FLAGS = {
  'admin-address': { type: 'string' },
  output: { type: 'string', short: 'o' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type OutputFormat = 'table' | 'json' | 'yaml';

export function outputFormat(value: string | undefined, allowed: readonly OutputFormat[] = ['table', 'json', 'yaml']): OutputFormat {
  const format = (value ?? allowed[0]) as OutputFormat;
  if (!allowed.includes(format)) throw new Error(`-o/--output: "${value}" is not one of ${allowed.join(', ')}`);
  return format;
}

/** A failure the user can act on; the message is all they need. */
export class AdminUnavailable extends Error {}

export class AdminClient {
  constructor(readonly address: string = DEFAULT_ADMIN_ADDRESS) {}

  async get<T>(pathname: string): Promise<T> {
    const { status, body } = await this.request(pathname);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new AdminUnavailable(`${this.address} answered ${pathname} with something other than JSON: is it Pier's admin address?`);
    }
    if (status !== 200) {
      const message = (parsed as { error?: string }).error ?? `HTTP ${status}`;
      throw new AdminUnavailable(`Pier's admin API at ${this.address} answered ${pathname}: ${message}`);
    }
    return parsed as T;
  }

  private request(pathname: string): Promise<{ status: number; body: string }> {
    const url = `http://${this.address}${pathname}`;
    return new Promise((resolve, reject) => {
      const req = http.get(url, { timeout: TIMEOUT_MS }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => { body += chunk; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error('no answer within 10s')));
      req.on('error', (err: NodeJS.ErrnoException) => {
        const why = err.code === 'ECONNREFUSED' ? 'connection refused' : err.message;
        reject(new AdminUnavailable(
          `cannot reach Pier's admin API at ${this.address} (${why}): is \`pier serve\` running? ` +
          'Pick another address with --admin-address HOST:PORT.'));
      });
    });
  }
}

/** JSON or YAML for scripts. */
export function formatData(value: unknown, format: 'json' | 'yaml'): string {
  return format === 'json' ? `${JSON.stringify(value, null, 2)}\n` : stringify(value, { lineWidth: 0 });
}

/** Left-aligned columns separated by two spaces, for people. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}
