/**
 * The client side of the fan-out benchmark, run as a child process so that the server's
 * memory and CPU are measured alone: N ADS streams that ACK everything, and report to the
 * parent (over the IPC channel) when each stream received the update the parent announced.
 * Receive times are process.hrtime.bigint() values: CLOCK_MONOTONIC, shared with the parent.
 */
import { TypeUrl } from '../src/xds/types';
import { AutoAckClient, type AdsProtocol, type ResponseSummary, type TypeSubscription } from './lib/xds-clients';

export type ToClients =
  | {
    kind: 'connect'; address: string; gateway: string; protocol: AdsProtocol; streams: number; subscriptions: TypeSubscription[]; ownConnection: boolean;
    /** Like Envoy: no EDS subscription up front; it follows the clusters CDS brings (see ClientOptions). */
    followClusters?: boolean;
  }
  | { kind: 'arm'; update: number; typeUrl: string }
  | { kind: 'close' };

export type FromClients =
  | { kind: 'ready'; ms: number }
  | { kind: 'failed'; message: string }
  | { kind: 'armed'; update: number; stray: number; /** This process's CPU time so far (microseconds). */ cpuMicros: number }
  | { kind: 'received'; update: number; times: string[]; tokens: string[]; resourceCounts: number[] }
  | { kind: 'closed' };

interface Armed {
  update: number;
  typeUrl: string;
  times: bigint[];
  seen: Set<AutoAckClient>;
  tokens: Set<string>;
  resourceCounts: Set<number>;
}

const clients: AutoAckClient[] = [];
let armed: Armed | null = null;
/** Responses outside a measurement window (after the initial sync): there should be none. */
let stray = 0;
let synced = false;
/** Set once the parent asked to close: streams ending then are expected. */
let closing = false;

function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

function send(message: FromClients): void {
  process.send?.(message);
}

function onResponse(summary: ResponseSummary, client: AutoAckClient): void {
  if (!synced) return;
  const window = armed;
  if (!window || summary.typeUrl !== window.typeUrl || window.seen.has(client)) {
    stray += 1;
    return;
  }
  window.times.push(process.hrtime.bigint());
  window.seen.add(client);
  for (const t of summary.tokens) window.tokens.add(t);
  window.resourceCounts.add(summary.resources);
  if (window.seen.size === clients.length) {
    armed = null;
    send({ kind: 'received', update: window.update, times: window.times.map(String), tokens: [...window.tokens], resourceCounts: [...window.resourceCounts] });
  }
}

/** Connections opened at once: thousands in one burst overflow the server's accept backlog. */
const CONNECT_BATCH = 250;

async function connect(m: Extract<ToClients, { kind: 'connect' }>): Promise<void> {
  const started = Date.now();
  const types = m.subscriptions.map((s) => s.typeUrl);
  if (m.followClusters && !types.includes(TypeUrl.ClusterLoadAssignment)) types.push(TypeUrl.ClusterLoadAssignment);
  const ready = new Set<AutoAckClient>();
  const check = (client: AutoAckClient): void => {
    if (synced || ready.has(client) || !types.every((t) => client.answered.has(t))) return;
    ready.add(client);
    if (ready.size === m.streams) {
      synced = true;
      send({ kind: 'ready', ms: Date.now() - started });
    }
  };
  for (let i = 0; i < m.streams; i++) {
    const client = new AutoAckClient({
      address: m.address, protocol: m.protocol, gateway: m.gateway, nodeId: `bench-${i}`, subscriptions: m.subscriptions, ownConnection: m.ownConnection,
      followClusters: m.followClusters ?? false,
      onResponse: (summary, c) => { onResponse(summary, c); check(c); },
      onEnd: (detail) => { if (!closing) send({ kind: 'failed', message: `stream ${i} ended: ${detail}` }); },
    });
    clients.push(client);
    client.start();
    if ((i + 1) % CONNECT_BATCH === 0) await Promise.all(clients.slice(-CONNECT_BATCH).map((c) => c.connected));
  }
}

process.on('message', (m: ToClients) => {
  switch (m.kind) {
    case 'connect':
      connect(m).catch((err: unknown) => send({ kind: 'failed', message: `connecting: ${String(err)}` }));
      break;
    case 'arm':
      armed = { update: m.update, typeUrl: m.typeUrl, times: [], seen: new Set(), tokens: new Set(), resourceCounts: new Set() };
      send({ kind: 'armed', update: m.update, stray, cpuMicros: cpuMicros() });
      break;
    case 'close':
      closing = true;
      for (const c of clients) c.close();
      send({ kind: 'closed' });
      setTimeout(() => process.exit(0), 100).unref();
      break;
  }
});
// The parent went away: nothing to report to.
process.on('disconnect', () => process.exit(0));
