/**
 * OpenAPI `pattern` keywords as JavaScript regular expressions. Kubernetes evaluates them with Go's
 * RE2; the Gateway API patterns use only syntax both share, so the 'u' flag (strict parsing, code
 * points) is enough. Compiled once per pattern text.
 */

const cache = new Map<string, RegExp | Error>();

/** The compiled pattern, or the reason it cannot be compiled. */
export function compilePattern(pattern: string): RegExp | Error {
  let compiled = cache.get(pattern);
  if (compiled === undefined) {
    try {
      compiled = new RegExp(pattern, 'u');
    } catch (err) {
      compiled = err instanceof Error ? err : new Error(String(err));
    }
    cache.set(pattern, compiled);
  }
  return compiled;
}
