// Original file: proto/envoy/service/route/v3/rds.proto


export interface RdsDummy {
}

export interface RdsDummy__Output {
}
