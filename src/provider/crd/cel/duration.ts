/**
 * CEL duration('...') for the strings the Gateway API allows: Go duration syntax (a sign, then
 * decimal numbers each with a unit among ns, us, µs, ms, s, m, h), as time.ParseDuration reads it.
 */
import { CelEvaluationError } from './values';

const UNIT_NANOS: Readonly<Record<string, number>> = {
  ns: 1, us: 1e3, 'µs': 1e3, 'μs': 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9,
};
const COMPONENT = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/y;

/** Nanoseconds (a float: exact for every duration a route timeout can express). */
export function parseDuration(text: string): number {
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw new CelEvaluationError(`invalid duration ${JSON.stringify(text)}`);
  let total = 0;
  COMPONENT.lastIndex = 0;
  while (COMPONENT.lastIndex < rest.length) {
    const match = COMPONENT.exec(rest);
    if (!match) throw new CelEvaluationError(`invalid duration ${JSON.stringify(text)}`);
    total += Number(match[1]) * (UNIT_NANOS[match[2] ?? ''] ?? Number.NaN);
  }
  return sign * total;
}
