// Original file: proto/envoy/service/cluster/v3/cds.proto


export interface CdsDummy {
}

export interface CdsDummy__Output {
}
