/**
 * CEL rules of BackendTLSPolicy. Pier does not read that kind yet; the rules are here so the
 * table covers every rule of the vendored CRDs and the kind can be added without new checks.
 */
import type { CelRuleEntry } from './rule';
import { all, asList, equals, existsOne, get, has, size } from './values';

function emptyOrAbsent(value: unknown, key: string): boolean {
  return !has(value, key) || get(value, key) === '';
}

function sameTarget(p1: unknown, p2: unknown): boolean {
  return equals(get(p1, 'group'), get(p2, 'group')) && equals(get(p1, 'kind'), get(p2, 'kind')) && equals(get(p1, 'name'), get(p2, 'name'));
}

function setAndNotEmpty(value: unknown, key: string): boolean {
  return has(value, key) && get(value, key) !== '';
}

function hasCACertificateRefs(self: unknown): boolean {
  return has(self, 'caCertificateRefs') && size(get(self, 'caCertificateRefs')) > 0;
}

export const POLICY_RULES: readonly CelRuleEntry[] = [
  // spec.targetRefs
  {
    rule: String.raw`self.all(p1, self.all(p2, p1.group == p2.group && p1.kind == p2.kind && p1.name == p2.name ? ((!has(p1.sectionName) || p1.sectionName == '') == (!has(p2.sectionName) || p2.sectionName == '')) : true))`,
    check: (self) => {
      const refs = asList(self);
      return all(refs, (p1) => all(refs, (p2) => (sameTarget(p1, p2) ? emptyOrAbsent(p1, 'sectionName') === emptyOrAbsent(p2, 'sectionName') : true)));
    },
  },
  {
    rule: String.raw`self.all(p1, self.exists_one(p2, p1.group == p2.group && p1.kind == p2.kind && p1.name == p2.name && (((!has(p1.sectionName) || p1.sectionName == '') && (!has(p2.sectionName) || p2.sectionName == '')) || (has(p1.sectionName) && has(p2.sectionName) && p1.sectionName == p2.sectionName))))`,
    check: (self) => {
      const refs = asList(self);
      return all(refs, (p1) => existsOne(refs, (p2) => sameTarget(p1, p2)
        && ((emptyOrAbsent(p1, 'sectionName') && emptyOrAbsent(p2, 'sectionName'))
          || (has(p1, 'sectionName') && has(p2, 'sectionName') && equals(get(p1, 'sectionName'), get(p2, 'sectionName'))))));
    },
  },
  // spec.validation
  {
    rule: String.raw`!(has(self.caCertificateRefs) && size(self.caCertificateRefs) > 0 && has(self.wellKnownCACertificates) && self.wellKnownCACertificates != "")`,
    check: (self) => !(hasCACertificateRefs(self) && setAndNotEmpty(self, 'wellKnownCACertificates')),
  },
  {
    rule: String.raw`(has(self.caCertificateRefs) && size(self.caCertificateRefs) > 0 || has(self.wellKnownCACertificates) && self.wellKnownCACertificates != "")`,
    check: (self) => hasCACertificateRefs(self) || setAndNotEmpty(self, 'wellKnownCACertificates'),
  },
  // spec.validation.subjectAltNames[]
  { rule: String.raw`!(self.type == "Hostname" && (!has(self.hostname) || self.hostname == ""))`, check: (self) => !(get(self, 'type') === 'Hostname' && emptyOrAbsent(self, 'hostname')) },
  { rule: String.raw`!(self.type != "Hostname" && has(self.hostname) && self.hostname != "")`, check: (self) => !(get(self, 'type') !== 'Hostname' && setAndNotEmpty(self, 'hostname')) },
  { rule: String.raw`!(self.type == "URI" && (!has(self.uri) || self.uri == ""))`, check: (self) => !(get(self, 'type') === 'URI' && emptyOrAbsent(self, 'uri')) },
  { rule: String.raw`!(self.type != "URI" && has(self.uri) && self.uri != "")`, check: (self) => !(get(self, 'type') !== 'URI' && setAndNotEmpty(self, 'uri')) },
];
