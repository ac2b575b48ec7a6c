/** CEL rules shared by the route kinds: parent references, rules, matches, filters, backends. */
import { isIP } from 'node:net';
import type { CelCheck, CelRuleEntry } from './rule';
import { parseDuration } from './duration';
import { all, asList, count, equals, exists, existsOne, get, getList, getString, has, size } from './values';

const RFC1123_HOSTNAME = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*)$/u;
const GRPC_SERVICE = /^\.?[a-z_][a-z_0-9]*(\.[a-z_][a-z_0-9]*)*$/iu;
const GRPC_METHOD = /^[A-Za-z_][A-Za-z_0-9]*$/u;
const PATH_CHARACTERS = /^(?:[-A-Za-z0-9/._~!$&'()*+,;=:@]|[%][0-9a-fA-F]{2})+$/u;
/** The rules that count matches across rules look at the first 16 rules (the maxItems of rules). */
const COUNTED_RULES = 16;

function emptyOrAbsent(value: unknown, key: string): boolean {
  return !has(value, key) || get(value, key) === '';
}

/** Both empty, or both set and equal (sectionName, namespace). */
function sameOptional(a: unknown, b: unknown, key: string): boolean {
  return (emptyOrAbsent(a, key) && emptyOrAbsent(b, key)) || (has(a, key) && has(b, key) && equals(get(a, key), get(b, key)));
}

function sameParent(p1: unknown, p2: unknown): boolean {
  return equals(get(p1, 'group'), get(p2, 'group')) && equals(get(p1, 'kind'), get(p2, 'kind')) && equals(get(p1, 'name'), get(p2, 'name'))
    && sameOptional(p1, p2, 'namespace');
}

/** At most one filter of the given type in a filter list. */
function atMostOneFilter(type: string): CelCheck {
  return (self) => count(asList(self), (f) => get(f, 'type') === type) <= 1;
}

/** The field named after a filter type is set exactly when the filter has that type. */
function filterFieldMatchesType(field: string, type: string): CelRuleEntry[] {
  return [
    { rule: `!(has(self.${field}) && self.type != '${type}')`, check: (self) => !(has(self, field) && get(self, 'type') !== type) },
    { rule: `!(!has(self.${field}) && self.type == '${type}')`, check: (self) => !(!has(self, field) && get(self, 'type') === type) },
  ];
}

/** A path modifier's value field is set exactly when its type asks for it. */
function pathModifierField(type: string): CelRuleEntry[] {
  return [
    { rule: `self.type == '${type}' ? has(self.${lowerFirst(type)}) : true`, check: (self) => (get(self, 'type') === type ? has(self, lowerFirst(type)) : true) },
    { rule: `has(self.${lowerFirst(type)}) ? self.type == '${type}' : true`, check: (self) => (has(self, lowerFirst(type)) ? get(self, 'type') === type : true) },
  ];
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** HTTPPathMatch rules that apply to Exact and PathPrefix values only. */
function literalPathRule(rule: string, valid: (value: string) => boolean): CelRuleEntry {
  return { rule, check: (self) => (['Exact', 'PathPrefix'].includes(getString(self, 'type')) ? valid(getString(self, 'value')) : true) };
}

/** A filter whose `field` rewrites the path by replacing the matched prefix. */
function replacesPrefix(filter: unknown, field: 'requestRedirect' | 'urlRewrite'): boolean {
  if (!has(filter, field)) return false;
  const modifier = get(filter, field);
  if (!has(modifier, 'path')) return false;
  const path = get(modifier, 'path');
  return get(path, 'type') === 'ReplacePrefixMatch' && has(path, 'replacePrefixMatch');
}

/** The rule has exactly one match, and it is a PathPrefix match. */
function singlePrefixMatch(rule: unknown): boolean {
  const matches = getList(rule, 'matches');
  if (size(matches) !== 1) return false;
  const [match] = matches;
  return has(match, 'path') && get(get(match, 'path'), 'type') === 'PathPrefix';
}

/** Prefix replacement in the rule's own filters needs a single PathPrefix match. */
function ruleFilterNeedsPrefixMatch(field: 'requestRedirect' | 'urlRewrite'): CelCheck {
  return (self) => (has(self, 'filters') && existsOne(getList(self, 'filters'), (f) => replacesPrefix(f, field)) ? singlePrefixMatch(self) : true);
}

/** The same, for filters on the rule's backendRefs. */
function backendFilterNeedsPrefixMatch(field: 'requestRedirect' | 'urlRewrite'): CelCheck {
  return (self) => (has(self, 'backendRefs') && existsOne(getList(self, 'backendRefs'), (b) => has(b, 'filters') && existsOne(getList(b, 'filters'), (f) => replacesPrefix(f, field)))
    ? singlePrefixMatch(self)
    : true);
}

/** Total matches of the first 16 rules; withHas counts a rule without matches as 0 (GRPCRoute). */
function totalMatchesAtMost128(withHas: boolean): CelCheck {
  return (self) => {
    const rules = asList(self).slice(0, COUNTED_RULES);
    let total = 0;
    for (const rule of rules) total += withHas && !has(rule, 'matches') ? 0 : size(get(rule, 'matches'));
    return total <= 128;
  };
}

/** The 16-term sum the CRDs spell out, one term per rule index. */
function matchSumRule(withHas: boolean): string {
  const terms: string[] = [];
  for (let i = 0; i < COUNTED_RULES; i++) {
    const size = withHas ? `(has(self[${i}].matches) ? self[${i}].matches.size() : 0)` : `self[${i}].matches.size()`;
    terms.push(`(self.size() > ${i} ? ${size} : 0)`);
  }
  return `${terms.join(' + ')} <= 128`;
}

const HOSTNAME_PATTERN_CEL = String.raw`'^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*)$'`;

export const ROUTE_RULES: readonly CelRuleEntry[] = [
  // spec.parentRefs
  {
    rule: String.raw`self.all(p1, self.all(p2, p1.group == p2.group && p1.kind == p2.kind && p1.name == p2.name && (((!has(p1.__namespace__) || p1.__namespace__ == '') && (!has(p2.__namespace__) || p2.__namespace__ == '')) || (has(p1.__namespace__) && has(p2.__namespace__) && p1.__namespace__ == p2.__namespace__ )) ? ((!has(p1.sectionName) || p1.sectionName == '') == (!has(p2.sectionName) || p2.sectionName == '')) : true))`,
    check: (self) => {
      const refs = asList(self);
      return all(refs, (p1) => all(refs, (p2) => (sameParent(p1, p2) ? emptyOrAbsent(p1, 'sectionName') === emptyOrAbsent(p2, 'sectionName') : true)));
    },
  },
  {
    rule: String.raw`self.all(p1, self.exists_one(p2, p1.group == p2.group && p1.kind == p2.kind && p1.name == p2.name && (((!has(p1.__namespace__) || p1.__namespace__ == '') && (!has(p2.__namespace__) || p2.__namespace__ == '')) || (has(p1.__namespace__) && has(p2.__namespace__) && p1.__namespace__ == p2.__namespace__ )) && (((!has(p1.sectionName) || p1.sectionName == '') && (!has(p2.sectionName) || p2.sectionName == '')) || (has(p1.sectionName) && has(p2.sectionName) && p1.sectionName == p2.sectionName))))`,
    check: (self) => {
      const refs = asList(self);
      return all(refs, (p1) => existsOne(refs, (p2) => sameParent(p1, p2) && sameOptional(p1, p2, 'sectionName')));
    },
  },
  // spec.rules
  { rule: matchSumRule(true), check: totalMatchesAtMost128(true) },
  { rule: matchSumRule(false), check: totalMatchesAtMost128(false) },
  // spec.rules[] (HTTPRoute)
  {
    rule: String.raw`(has(self.backendRefs) && size(self.backendRefs) > 0) ? (!has(self.filters) || self.filters.all(f, !has(f.requestRedirect))): true`,
    check: (self) => (has(self, 'backendRefs') && size(get(self, 'backendRefs')) > 0
      ? !has(self, 'filters') || all(getList(self, 'filters'), (f) => !has(f, 'requestRedirect'))
      : true),
  },
  {
    rule: String.raw`(has(self.filters) && self.filters.exists_one(f, has(f.requestRedirect) && has(f.requestRedirect.path) && f.requestRedirect.path.type == 'ReplacePrefixMatch' && has(f.requestRedirect.path.replacePrefixMatch))) ? ((size(self.matches) != 1 || !has(self.matches[0].path) || self.matches[0].path.type != 'PathPrefix') ? false : true) : true`,
    check: ruleFilterNeedsPrefixMatch('requestRedirect'),
  },
  {
    rule: String.raw`(has(self.filters) && self.filters.exists_one(f, has(f.urlRewrite) && has(f.urlRewrite.path) && f.urlRewrite.path.type == 'ReplacePrefixMatch' && has(f.urlRewrite.path.replacePrefixMatch))) ? ((size(self.matches) != 1 || !has(self.matches[0].path) || self.matches[0].path.type != 'PathPrefix') ? false : true) : true`,
    check: ruleFilterNeedsPrefixMatch('urlRewrite'),
  },
  {
    rule: String.raw`(has(self.backendRefs) && self.backendRefs.exists_one(b, (has(b.filters) && b.filters.exists_one(f, has(f.requestRedirect) && has(f.requestRedirect.path) && f.requestRedirect.path.type == 'ReplacePrefixMatch' && has(f.requestRedirect.path.replacePrefixMatch))) )) ? ((size(self.matches) != 1 || !has(self.matches[0].path) || self.matches[0].path.type != 'PathPrefix') ? false : true) : true`,
    check: backendFilterNeedsPrefixMatch('requestRedirect'),
  },
  {
    rule: String.raw`(has(self.backendRefs) && self.backendRefs.exists_one(b, (has(b.filters) && b.filters.exists_one(f, has(f.urlRewrite) && has(f.urlRewrite.path) && f.urlRewrite.path.type == 'ReplacePrefixMatch' && has(f.urlRewrite.path.replacePrefixMatch))) )) ? ((size(self.matches) != 1 || !has(self.matches[0].path) || self.matches[0].path.type != 'PathPrefix') ? false : true) : true`,
    check: backendFilterNeedsPrefixMatch('urlRewrite'),
  },
  // backendRefs[] and requestMirror.backendRef
  {
    rule: String.raw`(size(self.group) == 0 && self.kind == 'Service') ? has(self.port) : true`,
    check: (self) => (size(get(self, 'group')) === 0 && get(self, 'kind') === 'Service' ? has(self, 'port') : true),
  },
  // filter lists
  { rule: String.raw`self.filter(f, f.type == 'RequestHeaderModifier').size() <= 1`, check: atMostOneFilter('RequestHeaderModifier') },
  { rule: String.raw`self.filter(f, f.type == 'ResponseHeaderModifier').size() <= 1`, check: atMostOneFilter('ResponseHeaderModifier') },
  { rule: String.raw`self.filter(f, f.type == 'CORS').size() <= 1`, check: atMostOneFilter('CORS') },
  { rule: String.raw`self.filter(f, f.type == 'RequestRedirect').size() <= 1`, check: atMostOneFilter('RequestRedirect') },
  { rule: String.raw`self.filter(f, f.type == 'URLRewrite').size() <= 1`, check: atMostOneFilter('URLRewrite') },
  {
    rule: String.raw`!(self.exists(f, f.type == 'RequestRedirect') && self.exists(f, f.type == 'URLRewrite'))`,
    check: (self) => !(exists(asList(self), (f) => get(f, 'type') === 'RequestRedirect') && exists(asList(self), (f) => get(f, 'type') === 'URLRewrite')),
  },
  // filters[]
  ...filterFieldMatchesType('requestHeaderModifier', 'RequestHeaderModifier'),
  ...filterFieldMatchesType('responseHeaderModifier', 'ResponseHeaderModifier'),
  ...filterFieldMatchesType('requestMirror', 'RequestMirror'),
  ...filterFieldMatchesType('extensionRef', 'ExtensionRef'),
  ...filterFieldMatchesType('cors', 'CORS'),
  ...filterFieldMatchesType('requestRedirect', 'RequestRedirect'),
  ...filterFieldMatchesType('urlRewrite', 'URLRewrite'),
  // filters[].requestMirror and its fraction
  { rule: String.raw`!(has(self.percent) && has(self.fraction))`, check: (self) => !(has(self, 'percent') && has(self, 'fraction')) },
  {
    rule: String.raw`self.numerator <= self.denominator`,
    check: (self) => {
      const numerator = get(self, 'numerator');
      const denominator = get(self, 'denominator');
      return typeof numerator === 'number' && typeof denominator === 'number' && numerator <= denominator;
    },
  },
  // filters[].cors.allowOrigins, allowMethods, allowHeaders, exposeHeaders
  { rule: String.raw`!('*' in self && self.size() > 1)`, check: (self) => !(asList(self).includes('*') && size(self) > 1) },
  // filters[].requestRedirect.path and urlRewrite.path
  ...pathModifierField('ReplaceFullPath'),
  ...pathModifierField('ReplacePrefixMatch'),
  // matches[].path (HTTPRoute)
  literalPathRule(String.raw`(self.type in ['Exact','PathPrefix']) ? self.value.startsWith('/') : true`, (v) => v.startsWith('/')),
  literalPathRule(String.raw`(self.type in ['Exact','PathPrefix']) ? !self.value.contains('//') : true`, (v) => !v.includes('//')),
  literalPathRule(String.raw`(self.type in ['Exact','PathPrefix']) ? !self.value.contains('/./') : true`, (v) => !v.includes('/./')),
  literalPathRule(String.raw`(self.type in ['Exact','PathPrefix']) ? !self.value.contains('/../') : true`, (v) => !v.includes('/../')),
  literalPathRule(String.raw`(self.type in ['Exact','PathPrefix']) ? !self.value.contains('%2f') : true`, (v) => !v.includes('%2f')),
  literalPathRule(String.raw`(self.type in ['Exact','PathPrefix']) ? !self.value.contains('%2F') : true`, (v) => !v.includes('%2F')),
  literalPathRule(String.raw`(self.type in ['Exact','PathPrefix']) ? !self.value.contains('#') : true`, (v) => !v.includes('#')),
  literalPathRule(String.raw`(self.type in ['Exact','PathPrefix']) ? !self.value.endsWith('/..') : true`, (v) => !v.endsWith('/..')),
  literalPathRule(String.raw`(self.type in ['Exact','PathPrefix']) ? !self.value.endsWith('/.') : true`, (v) => !v.endsWith('/.')),
  literalPathRule(String.raw`(self.type in ['Exact','PathPrefix']) ? self.value.matches(r"""^(?:[-A-Za-z0-9/._~!$&'()*+,;=:@]|[%][0-9a-fA-F]{2})+$""") : true`, (v) => PATH_CHARACTERS.test(v)),
  {
    rule: String.raw`self.type in ['Exact','PathPrefix'] || self.type == 'RegularExpression'`,
    check: (self) => ['Exact', 'PathPrefix', 'RegularExpression'].includes(getString(self, 'type')),
  },
  // matches[].method (GRPCRoute)
  {
    rule: String.raw`has(self.type) ? has(self.service) || has(self.method) : true`,
    check: (self) => (has(self, 'type') ? has(self, 'service') || has(self, 'method') : true),
  },
  {
    rule: String.raw`(!has(self.type) || self.type == 'Exact') && has(self.service) ? self.service.matches(r"""^(?i)\.?[a-z_][a-z_0-9]*(\.[a-z_][a-z_0-9]*)*$"""): true`,
    check: (self) => ((!has(self, 'type') || get(self, 'type') === 'Exact') && has(self, 'service') ? GRPC_SERVICE.test(getString(self, 'service')) : true),
  },
  {
    rule: String.raw`(!has(self.type) || self.type == 'Exact') && has(self.method) ? self.method.matches(r"""^[A-Za-z_][A-Za-z_0-9]*$"""): true`,
    check: (self) => ((!has(self, 'type') || get(self, 'type') === 'Exact') && has(self, 'method') ? GRPC_METHOD.test(getString(self, 'method')) : true),
  },
  // rules[].timeouts (HTTPRoute)
  {
    rule: String.raw`!(has(self.request) && has(self.backendRequest) && duration(self.request) != duration('0s') && duration(self.backendRequest) > duration(self.request))`,
    check: (self) => {
      if (!has(self, 'request') || !has(self, 'backendRequest')) return true;
      const request = parseDuration(getString(self, 'request'));
      return !(request !== 0 && parseDuration(getString(self, 'backendRequest')) > request);
    },
  },
  // spec.hostnames (TLSRoute)
  { rule: String.raw`self.all(h, !isIP(h))`, check: (self) => all(asList(self), (h) => typeof h === 'string' && isIP(h) === 0) },
  {
    rule: `self.all(h, !h.contains('*') ? h.matches(${HOSTNAME_PATTERN_CEL}) : true)`,
    check: (self) => all(asList(self), (h) => (typeof h === 'string' && !h.includes('*') ? RFC1123_HOSTNAME.test(h) : true)),
  },
  {
    rule: `self.all(h, h.contains('*') ? (h.startsWith('*.') && h.substring(2).matches(${HOSTNAME_PATTERN_CEL})) : true)`,
    check: (self) => all(asList(self), (h) => (typeof h === 'string' && h.includes('*') ? h.startsWith('*.') && RFC1123_HOSTNAME.test(h.slice(2)) : true)),
  },
];
