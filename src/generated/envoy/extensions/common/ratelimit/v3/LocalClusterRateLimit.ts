// Original file: proto/envoy/extensions/common/ratelimit/v3/ratelimit.proto


export interface LocalClusterRateLimit {
}

export interface LocalClusterRateLimit__Output {
}
