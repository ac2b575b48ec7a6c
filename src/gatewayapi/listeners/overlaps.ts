/**
 * The OverlappingTLSConfig listener condition (Gateway API v1.6, ListenerConditionType): TLS
 * listeners on one port whose hostnames overlap, so a client coalescing connections may reach
 * one listener over a connection set up with the other's TLS settings. The spec requires
 * overlapping hostnames to be detected (certificate overlap is optional and not checked here),
 * and the condition on every listener involved, only while it holds.
 */
import { ListenerReason } from '../model/conditions';
import type { ListenerContext } from '../model/contexts';
import { ANY_HOST, intersectHostname, normalizeHostname } from './hostnames';

function hostnameOf(l: ListenerContext): string {
  return l.listener.hostname ? normalizeHostname(l.listener.hostname) : ANY_HOST;
}

/**
 * Marks listeners that terminate TLS (HTTPS, TLS Terminate) and are otherwise valid whose
 * hostname overlaps another's on the same port: one matches a name the other also matches
 * ("*.example.com" and "foo.example.com"; no hostname overlaps everything). Conflicted
 * listeners are left out: they are not served at all.
 */
export function markTLSOverlaps(listeners: readonly ListenerContext[]): void {
  const terminating = listeners.filter((l) => l.valid && l.terminatesTLS);
  for (const l of terminating) {
    const host = hostnameOf(l);
    const overlapping = terminating
      .filter((o) => o !== l && o.listener.port === l.listener.port && intersectHostname(host, hostnameOf(o)) !== undefined)
      .map((o) => `${o.listener.name} (${o.listener.hostname ?? 'no hostname'})`)
      .sort();
    if (overlapping.length === 0) continue;
    l.tlsOverlap = {
      reason: ListenerReason.OverlappingHostnames,
      message: `hostname ${l.listener.hostname ?? '(none: every name)'} overlaps on port ${l.listener.port} with listener(s) ${overlapping.join(', ')}`,
    };
  }
}
