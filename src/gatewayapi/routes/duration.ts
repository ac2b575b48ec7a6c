/** Gateway API durations (GEP-2257): up to four <1-5 digits><h|m|s|ms> parts, e.g. "1h30m", "500ms". */

const DURATION = /^([0-9]{1,5}(h|m|s|ms)){1,4}$/;
const PART = /([0-9]{1,5})(ms|h|m|s)/g;
const UNIT_MS: Readonly<Record<string, number>> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1 };

/** Milliseconds, or undefined when the string is not a Gateway API duration. */
export function parseDurationMs(value: string): number | undefined {
  if (!DURATION.test(value)) return undefined;
  let total = 0;
  for (const match of value.matchAll(PART)) total += Number(match[1]) * UNIT_MS[match[2]!]!;
  return total;
}
