// Original file: proto/envoy/service/endpoint/v3/eds.proto


export interface EdsDummy {
}

export interface EdsDummy__Output {
}
