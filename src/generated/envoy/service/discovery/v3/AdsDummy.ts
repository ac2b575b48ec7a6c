// Original file: proto/envoy/service/discovery/v3/ads.proto


export interface AdsDummy {
}

export interface AdsDummy__Output {
}
