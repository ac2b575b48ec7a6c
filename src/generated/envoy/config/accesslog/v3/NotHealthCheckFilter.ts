// Original file: proto/envoy/config/accesslog/v3/accesslog.proto


export interface NotHealthCheckFilter {
}

export interface NotHealthCheckFilter__Output {
}
