/**
 * Best-effort check that a pattern is valid RE2 (the dialect Envoy uses). Envoy rejects a
 * whole route configuration over one bad regex, so a bad pattern must stop at its own rule.
 * Rejects what RE2 never accepts (lookaround, backreferences, atomic groups, possessive
 * quantifiers) and what does not parse at all; RE2-only syntax is mapped to an equivalent
 * before the parse check so valid RE2 is not rejected.
 */

const RE2_UNSUPPORTED: readonly [RegExp, string][] = [
  [/\(\?<?[=!]/, 'lookaround assertions are not supported by RE2'],
  [/\(\?>/, 'atomic groups are not supported by RE2'],
  [/(?:[*+?}])\+/, 'possessive quantifiers are not supported by RE2'],
];

/** Blanks escaped characters and character classes so the construct checks see only syntax. */
function syntaxOnly(pattern: string): string {
  return pattern.replace(/\\./g, '_').replace(/\[\^?\]?[^\]]*\]/g, '_');
}

/** RE2 syntax that JavaScript lacks, mapped to something with the same structure. */
function toJavaScriptShape(pattern: string): string {
  return pattern
    .replace(/\\Q([\s\S]*?)(?:\\E|$)/g, (_, literal: string) => literal.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'))
    .replace(/\(\?P</g, '(?<')
    .replace(/\(\?[imsU-]+\)/g, '')
    .replace(/\(\?[imsU-]+:/g, '(?:')
    .replace(/\[:\^?[a-z]+:\]/g, 'a')
    .replace(/\\[pP](?:\{[^}]*\}|[A-Za-z])/g, 'a')
    .replace(/\\[Az]/g, '');
}

/** Why pattern is not usable RE2, or undefined when it looks fine. */
export function re2Problem(pattern: string): string | undefined {
  const plain = syntaxOnly(pattern);
  for (const [construct, message] of RE2_UNSUPPORTED) {
    if (construct.test(plain)) return message;
  }
  if (/\\[1-9]/.test(pattern.replace(/\\\\/g, ''))) return 'backreferences are not supported by RE2';
  try {
    new RegExp(toJavaScriptShape(pattern));
  } catch (err) {
    return `invalid regular expression: ${err instanceof Error ? err.message : String(err)}`;
  }
  return undefined;
}
