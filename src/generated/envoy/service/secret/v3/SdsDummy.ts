// Original file: proto/envoy/service/secret/v3/sds.proto


export interface SdsDummy {
}

export interface SdsDummy__Output {
}
