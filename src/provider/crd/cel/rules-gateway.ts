/** CEL rules of Gateway (and ListenerSet) listeners, addresses, infrastructure and TLS settings. */
import type { CelRuleEntry } from './rule';
import { all, asList, equals, existsOne, get, getString, has, mapKeys, orElse, size } from './values';

/** RFC 1123 hostname with an optional leading "*." (the addresses' Hostname rule). */
const WILDCARD_HOSTNAME = /^(\*\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/u;
/** A label or annotation key: optional DNS subdomain prefix, then a name of up to 63 characters. */
const QUALIFIED_KEY = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?([A-Za-z0-9][-A-Za-z0-9_.]{0,61})?[A-Za-z0-9]$/u;

/** Entries of a list with the given value of `type` and a value are unique. */
function uniqueValuesOfType(type: string) {
  return (self: unknown): boolean => {
    const items = asList(self);
    return all(items, (a1) => (getString(a1, 'type') === type && has(a1, 'value')
      ? existsOne(items, (a2) => equals(get(a2, 'type'), get(a1, 'type')) && has(a2, 'value') && equals(get(a2, 'value'), get(a1, 'value')))
      : true));
  };
}

function protocolIn(listener: unknown, protocols: readonly string[]): boolean {
  return protocols.includes(getString(listener, 'protocol'));
}

function emptyOrAbsent(value: unknown, key: string): boolean {
  return !has(value, key) || get(value, key) === '';
}

/** Same port, protocol and hostname (both absent counts as the same). */
function sameListenerAddress(l1: unknown, l2: unknown): boolean {
  return equals(get(l1, 'port'), get(l2, 'port')) && equals(get(l1, 'protocol'), get(l2, 'protocol'))
    && (has(l1, 'hostname') && has(l2, 'hostname') ? equals(get(l1, 'hostname'), get(l2, 'hostname')) : !has(l1, 'hostname') && !has(l2, 'hostname'));
}

export const GATEWAY_RULES: readonly CelRuleEntry[] = [
  // spec.addresses
  { rule: String.raw`self.all(a1, a1.type == 'IPAddress' && has(a1.value) ? self.exists_one(a2, a2.type == a1.type && has(a2.value) && a2.value == a1.value) : true )`, check: uniqueValuesOfType('IPAddress') },
  { rule: String.raw`self.all(a1, a1.type == 'Hostname'  && has(a1.value) ? self.exists_one(a2, a2.type == a1.type && has(a2.value) && a2.value == a1.value) : true )`, check: uniqueValuesOfType('Hostname') },
  // spec.addresses[]
  {
    rule: String.raw`self.type == 'Hostname' ? (!has(self.value) || self.value.matches(r"""^(\*\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$""")): true`,
    check: (self) => (getString(self, 'type') === 'Hostname' ? !has(self, 'value') || WILDCARD_HOSTNAME.test(getString(self, 'value')) : true),
  },
  // status.addresses[] (status is never read from files; kept so the table covers the CRD)
  {
    rule: String.raw`self.type == 'Hostname' ? self.value.matches(r"""^(\*\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$"""): true`,
    check: (self) => (getString(self, 'type') === 'Hostname' ? WILDCARD_HOSTNAME.test(getString(self, 'value')) : true),
  },
  // spec.infrastructure.labels and .annotations
  {
    rule: String.raw`self.all(key, key.matches(r"""^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?([A-Za-z0-9][-A-Za-z0-9_.]{0,61})?[A-Za-z0-9]$"""))`,
    check: (self) => all(mapKeys(self), (key) => QUALIFIED_KEY.test(key)),
  },
  {
    rule: String.raw`self.all(key, key.split("/")[0].size() < 253)`,
    check: (self) => all(mapKeys(self), (key) => size(key.split('/')[0] ?? '') < 253),
  },
  // spec.listeners
  {
    rule: String.raw`self.all(l, l.protocol in ['HTTP', 'TCP', 'UDP'] ? !has(l.tls) : true)`,
    check: (self) => all(asList(self), (l) => (protocolIn(l, ['HTTP', 'TCP', 'UDP']) ? !has(l, 'tls') : true)),
  },
  {
    rule: String.raw`self.all(l, (l.protocol == 'HTTPS' && has(l.tls)) ? (l.tls.mode == '' || l.tls.mode == 'Terminate') : true)`,
    check: (self) => all(asList(self), (l) => (getString(l, 'protocol') === 'HTTPS' && has(l, 'tls')
      ? ['', 'Terminate'].includes(getString(get(l, 'tls'), 'mode'))
      : true)),
  },
  {
    rule: String.raw`self.all(l, (l.protocol == 'TLS' ? has(l.tls) && has(l.tls.mode) && l.tls.mode != '' : true))`,
    check: (self) => all(asList(self), (l) => (getString(l, 'protocol') === 'TLS'
      ? has(l, 'tls') && has(get(l, 'tls'), 'mode') && get(get(l, 'tls'), 'mode') !== ''
      : true)),
  },
  {
    rule: String.raw`self.all(l, l.protocol in ['TCP', 'UDP']  ? (!has(l.hostname) || l.hostname == '') : true)`,
    check: (self) => all(asList(self), (l) => (protocolIn(l, ['TCP', 'UDP']) ? emptyOrAbsent(l, 'hostname') : true)),
  },
  {
    rule: String.raw`self.all(l1, self.exists_one(l2, l1.name == l2.name))`,
    check: (self) => {
      const listeners = asList(self);
      return all(listeners, (l1) => existsOne(listeners, (l2) => equals(get(l1, 'name'), get(l2, 'name'))));
    },
  },
  {
    rule: String.raw`self.all(l1, self.exists_one(l2, l1.port == l2.port && l1.protocol == l2.protocol && (has(l1.hostname) && has(l2.hostname) ? l1.hostname == l2.hostname : !has(l1.hostname) && !has(l2.hostname))))`,
    check: (self) => {
      const listeners = asList(self);
      return all(listeners, (l1) => existsOne(listeners, (l2) => sameListenerAddress(l1, l2)));
    },
  },
  // ListenerSet spec.listeners: port is optional there
  {
    rule: String.raw`self.all(l1, !has(l1.port) || self.exists_one(l2, has(l2.port) && l1.port == l2.port && l1.protocol == l2.protocol && (has(l1.hostname) && has(l2.hostname) ? l1.hostname == l2.hostname : !has(l1.hostname) && !has(l2.hostname))))`,
    check: (self) => {
      const listeners = asList(self);
      return all(listeners, (l1) => !has(l1, 'port') || existsOne(listeners, (l2) => has(l2, 'port') && sameListenerAddress(l1, l2)));
    },
  },
  // spec.listeners[].tls
  {
    rule: String.raw`self.mode == 'Terminate' ? size(self.certificateRefs) > 0 || size(self.options) > 0 : true`,
    check: (self) => (getString(self, 'mode') === 'Terminate'
      ? orElse(() => size(get(self, 'certificateRefs')) > 0, () => size(get(self, 'options')) > 0)
      : true),
  },
  // spec.tls.frontend.perPort
  {
    rule: String.raw`self.all(t1, self.exists_one(t2, t1.port == t2.port))`,
    check: (self) => {
      const entries = asList(self);
      return all(entries, (t1) => existsOne(entries, (t2) => equals(get(t1, 'port'), get(t2, 'port'))));
    },
  },
];
