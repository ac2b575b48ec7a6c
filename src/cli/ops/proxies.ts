/** `pier proxies`: one line per connected proxy, its Gateway, node, protocol and per-type sync state. */
import { parseArgs } from 'node:util';
import { syncState, type ProxyInfo, type SyncState } from '../../xds/server/registry';
import { AdminClient, DEFAULT_ADMIN_ADDRESS, OPS_FLAGS, formatData, formatTable, outputFormat } from './client';

export const PROXIES_USAGE = `Usage: pier proxies [--admin-address HOST:PORT] [-o table|json|yaml]

One line per connected proxy (xDS stream): its Gateway, node id, protocol and, per resource
type, SYNCED (its last answer ACKed what Pier sent), STALE (a response awaits its answer),
NACKED (it rejected the latest configuration; see pier config-dump and the logs) or - (not
followed). --admin-address defaults to ${DEFAULT_ADMIN_ADDRESS}.
`;

/** Short names in the order people read them. */
const COLUMNS: readonly [string, string][] = [
  ['LDS', 'type.googleapis.com/envoy.config.listener.v3.Listener'],
  ['RDS', 'type.googleapis.com/envoy.config.route.v3.RouteConfiguration'],
  ['CDS', 'type.googleapis.com/envoy.config.cluster.v3.Cluster'],
  ['EDS', 'type.googleapis.com/envoy.config.endpoint.v3.ClusterLoadAssignment'],
  ['SDS', 'type.googleapis.com/envoy.extensions.transport_sockets.tls.v3.Secret'],
];

export interface ProxySummary {
  gateway: string;
  node: string;
  protocol: string;
  envoyVersion: string;
  connectedAt: string;
  types: Record<string, SyncState>;
  nacks: { type: string; version: string; message: string }[];
}

export function summarizeProxy(p: ProxyInfo): ProxySummary {
  const types: Record<string, SyncState> = {};
  const nacks: ProxySummary['nacks'] = [];
  for (const [short, url] of COLUMNS) {
    const t = p.types.find((x) => x.typeUrl === url);
    if (!t) continue;
    types[short] = syncState(t);
    if (types[short] === 'NACKED' && t.lastNack) nacks.push({ type: short, version: t.lastNack.version, message: t.lastNack.message });
  }
  return {
    gateway: p.cluster, node: p.nodeId, protocol: `${p.protocol}/${p.service}`, envoyVersion: p.envoyVersion, connectedAt: p.connectedAt, types, nacks,
  };
}

export async function runProxies(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: OPS_FLAGS, allowPositionals: false });
  if (values.help) {
    process.stdout.write(PROXIES_USAGE);
    return 0;
  }
  const format = outputFormat(values.output);
  const proxies = (await new AdminClient(values['admin-address']).get<ProxyInfo[]>('/proxies')).map(summarizeProxy);
  proxies.sort((a, b) => a.gateway.localeCompare(b.gateway) || a.node.localeCompare(b.node));
  if (format !== 'table') {
    process.stdout.write(formatData(proxies, format));
    return 0;
  }
  if (proxies.length === 0) {
    process.stdout.write('no proxies connected\n');
    return 0;
  }
  const rows = proxies.map((p) => [p.gateway, p.node, p.protocol, ...COLUMNS.map(([short]) => p.types[short] ?? '-'), p.envoyVersion]);
  process.stdout.write(formatTable(['GATEWAY', 'NODE', 'PROTOCOL', ...COLUMNS.map(([short]) => short), 'VERSION'], rows));
  return 0;
}
