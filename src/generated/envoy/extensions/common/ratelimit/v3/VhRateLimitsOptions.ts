// Original file: proto/envoy/extensions/common/ratelimit/v3/ratelimit.proto

export const VhRateLimitsOptions = {
  OVERRIDE: 'OVERRIDE',
  INCLUDE: 'INCLUDE',
  IGNORE: 'IGNORE',
} as const;

export type VhRateLimitsOptions =
  | 'OVERRIDE'
  | 0
  | 'INCLUDE'
  | 1
  | 'IGNORE'
  | 2

export type VhRateLimitsOptions__Output = typeof VhRateLimitsOptions[keyof typeof VhRateLimitsOptions]
