// Original file: proto/envoy/config/accesslog/v3/accesslog.proto


export interface TraceableFilter {
}

export interface TraceableFilter__Output {
}
