/**
 * A real OpenTelemetry Collector for end-to-end tests: the minimal distribution of
 * test/tools/otelcol (OTLP receiver, file exporter), built once by scripts/build-otelcol.mjs
 * into ~/.cache/pier/otelcol-<version>/ (a no-op when there). Each instance receives OTLP/gRPC on
 * a 127.0.0.1 port the test picks, and writes what it receives as OTLP JSON lines to a file the
 * test reads back (spans and log records, one JSON document a line).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { freePort, waitFor } from './net';
import { requireBuiltBinary } from './tools';

/** The Collector binary; builds it (pinned, cached) when it is not there yet. */
export function requireOtelcol(): string {
  return requireBuiltBinary('build-otelcol.mjs', 'the OpenTelemetry Collector');
}

/** An OTLP attribute value as JSON-encoded OTLP writes it. */
interface AnyValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}

interface KeyValue {
  key: string;
  value: AnyValue;
}

/** One span as read back, with its resource's attributes. */
export interface ReadSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  /** String forms of the span's attributes. */
  attributes: Record<string, string>;
  resource: Record<string, string>;
}

/** One log record as read back, with its resource's attributes. */
export interface ReadLogRecord {
  /** The body: a string, or a key/value list flattened to strings. */
  body: string | Record<string, string>;
  attributes: Record<string, string>;
  resource: Record<string, string>;
  traceId?: string;
}

interface ExportedLogs {
  resourceLogs?: {
    resource?: { attributes?: KeyValue[] };
    scopeLogs?: { logRecords?: { body?: AnyValue & { kvlistValue?: { values?: KeyValue[] } }; attributes?: KeyValue[]; traceId?: string }[] }[];
  }[];
}

interface ExportedTraces {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: { spans?: { name: string; traceId: string; spanId: string; parentSpanId?: string; attributes?: KeyValue[] }[] }[];
  }[];
}

function flatten(attributes: readonly KeyValue[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, value } of attributes ?? []) {
    const v = value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;
    if (v !== undefined) out[key] = String(v);
  }
  return out;
}

export class OtelCollector {
  private constructor(private readonly child: ChildProcess, readonly grpcPort: number, readonly output: string, private readonly log: string[]) {}

  /** Starts a Collector writing into dir; resolves once its OTLP/gRPC port accepts connections. */
  static async start(dir: string): Promise<OtelCollector> {
    const bin = requireOtelcol();
    const grpcPort = await freePort('127.0.0.1');
    const output = path.join(dir, 'traces.jsonl');
    const config = path.join(dir, 'otelcol.yaml');
    writeFileSync(config, [
      'receivers:',
      '  otlp:',
      '    protocols:',
      '      grpc:',
      `        endpoint: 127.0.0.1:${grpcPort}`,
      'exporters:',
      '  file:',
      `    path: ${output}`,
      '    flush_interval: 100ms',
      'service:',
      // No metrics endpoint of its own (it would bind a fixed port).
      '  telemetry:',
      '    metrics:',
      '      level: none',
      '  pipelines:',
      '    traces:',
      '      receivers: [otlp]',
      '      exporters: [file]',
      '    logs:',
      '      receivers: [otlp]',
      '      exporters: [file]',
      '',
    ].join('\n'));
    const child = spawn(bin, [`--config=${config}`], { stdio: ['ignore', 'ignore', 'pipe'] });
    const log: string[] = [];
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      log.push(chunk);
      if (log.length > 200) log.shift();
    });
    const collector = new OtelCollector(child, grpcPort, output, log);
    try {
      await waitFor('the Collector to listen', async () => {
        if (child.exitCode !== null) throw new Error(`the Collector exited (${child.exitCode}): ${log.join('')}`);
        return (await canConnect(grpcPort)) ? true : undefined;
      }, { timeoutMs: 30_000, intervalMs: 100, stopOn: (err) => String(err).includes('exited') });
    } catch (err) {
      await collector.stop();
      throw err;
    }
    return collector;
  }

  /** Every span written so far. */
  spans(): ReadSpan[] {
    const out: ReadSpan[] = [];
    for (const doc of this.documents<ExportedTraces>()) {
      for (const rs of doc.resourceSpans ?? []) {
        const resource = flatten(rs.resource?.attributes);
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) {
            out.push({ name: s.name, traceId: s.traceId, spanId: s.spanId, parentSpanId: s.parentSpanId || undefined, attributes: flatten(s.attributes), resource });
          }
        }
      }
    }
    return out;
  }

  /** Every log record written so far. */
  logRecords(): ReadLogRecord[] {
    const out: ReadLogRecord[] = [];
    for (const doc of this.documents<ExportedLogs>()) {
      for (const rl of doc.resourceLogs ?? []) {
        const resource = flatten(rl.resource?.attributes);
        for (const sl of rl.scopeLogs ?? []) {
          for (const r of sl.logRecords ?? []) {
            const body = r.body?.kvlistValue ? flatten(r.body.kvlistValue.values) : String(r.body?.stringValue ?? '');
            out.push({ body, attributes: flatten(r.attributes), resource, ...(r.traceId ? { traceId: r.traceId } : {}) });
          }
        }
      }
    }
    return out;
  }

  /** The file's complete JSON lines. */
  private documents<T>(): T[] {
    if (!existsSync(this.output)) return [];
    const out: T[] = [];
    for (const line of readFileSync(this.output, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        out.push(JSON.parse(line) as T);
      } catch {
        // a line still being written
      }
    }
    return out;
  }

  /** What the Collector logged (its last lines), for failure messages. */
  get logs(): string {
    return this.log.join('');
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
  });
}
