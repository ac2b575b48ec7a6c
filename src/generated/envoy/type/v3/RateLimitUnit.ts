// Original file: proto/envoy/type/v3/ratelimit_unit.proto

export const RateLimitUnit = {
  UNKNOWN: 'UNKNOWN',
  SECOND: 'SECOND',
  MINUTE: 'MINUTE',
  HOUR: 'HOUR',
  DAY: 'DAY',
  MONTH: 'MONTH',
  YEAR: 'YEAR',
} as const;

export type RateLimitUnit =
  | 'UNKNOWN'
  | 0
  | 'SECOND'
  | 1
  | 'MINUTE'
  | 2
  | 'HOUR'
  | 3
  | 'DAY'
  | 4
  | 'MONTH'
  | 5
  | 'YEAR'
  | 6

export type RateLimitUnit__Output = typeof RateLimitUnit[keyof typeof RateLimitUnit]
