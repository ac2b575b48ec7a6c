// Original file: proto/envoy/extensions/common/ratelimit/v3/ratelimit.proto

export const XRateLimitHeadersRFCVersion = {
  OFF: 'OFF',
  DRAFT_VERSION_03: 'DRAFT_VERSION_03',
} as const;

export type XRateLimitHeadersRFCVersion =
  | 'OFF'
  | 0
  | 'DRAFT_VERSION_03'
  | 1

export type XRateLimitHeadersRFCVersion__Output = typeof XRateLimitHeadersRFCVersion[keyof typeof XRateLimitHeadersRFCVersion]
