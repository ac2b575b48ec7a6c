// Original file: proto/envoy/service/listener/v3/lds.proto


export interface LdsDummy {
}

export interface LdsDummy__Output {
}
