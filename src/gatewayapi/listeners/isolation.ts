/**
 * Listener isolation: a request is handled by the most specific listener whose hostname
 * matches it, and only by that listener's routes. Envoy picks the most specific virtual host
 * (Host) or filter chain (SNI) it is given, so a route hostname on a wider listener that a more
 * specific listener on the same port covers would steal that listener's requests (an exact
 * "a.foo.example.com" on a "*" listener beats a "*.foo.example.com" listener). Such hostnames
 * are left out on the wider listener; the route stays attached there.
 */
import type { ListenerContext } from '../model/contexts';
import { ANY_HOST, compareHostnameSpecificity, hostnameCovers, normalizeHostname } from './hostnames';
import { protocolTraits } from './protocols';

function hostnameOf(l: ListenerContext): string {
  return l.listener.hostname ? normalizeHostname(l.listener.hostname) : ANY_HOST;
}

/** Listeners whose hostnames compete for the same requests: plain HTTP with HTTP, HTTPS and TLS (SNI) together. */
function shareHostnames(a: ListenerContext, b: ListenerContext): boolean {
  if (a.listener.protocol === 'HTTP' || b.listener.protocol === 'HTTP') return a.listener.protocol === b.listener.protocol;
  return (protocolTraits(a.listener.protocol)?.sniFamily ?? false) && (protocolTraits(b.listener.protocol)?.sniFamily ?? false);
}

/** The hostnames a route may serve on this listener once more specific listeners on its port took theirs. */
export function isolatedHostnames(listener: ListenerContext, hostnames: readonly string[]): string[] {
  const mine = hostnameOf(listener);
  const narrower = listener.gateway.allListeners()
    .filter((o) => o !== listener && o.served && o.listener.port === listener.listener.port && shareHostnames(o, listener))
    .map(hostnameOf)
    .filter((theirs) => compareHostnameSpecificity(theirs, mine) < 0);
  if (narrower.length === 0) return [...hostnames];
  return hostnames.filter((h) => !narrower.some((theirs) => hostnameCovers(theirs, h)));
}
