/**
 * Which HTTP listeners are served over HTTP/3 as well (ClientPolicy http3): HTTPS ones with a
 * certificate that ask for no client certificate (Pier does not check those over QUIC yet). The
 * xDS translator gives them a QUIC listener; the infrastructure opens their port over UDP.
 */
import type { HTTPListener, InfraIR } from './types';

export function servesHttp3(listener: HTTPListener): boolean {
  const tls = listener.tls;
  return listener.policies?.client?.http3 === true && tls !== undefined && tls.certificates.length > 0 && tls.clientValidation === undefined;
}

type InfraListener = InfraIR['listeners'][number];

/**
 * infra with one UDP port entry ("<IR listener>/http3") per listener of http served over HTTP/3,
 * replacing those it had; infra itself when they are the same.
 */
export function withHttp3Ports(infra: InfraIR, http: readonly HTTPListener[]): InfraIR {
  const isHttp3 = (l: InfraListener): boolean => l.http3 === true;
  const wanted: InfraListener[] = http.filter(servesHttp3).map((l) => {
    const entry: InfraListener = { name: `${l.name}/http3`, address: l.address, port: l.port, protocol: 'UDP', http3: true };
    if (l.bindPort !== undefined) entry.bindPort = l.bindPort;
    return entry;
  });
  const had = infra.listeners.filter(isHttp3);
  if (had.length === wanted.length && had.every((l, i) => JSON.stringify(l) === JSON.stringify(wanted[i]))) return infra;
  return { ...infra, listeners: [...infra.listeners.filter((l) => !isHttp3(l)), ...wanted] };
}
