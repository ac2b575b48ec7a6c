// Original file: proto/envoy/config/core/v3/config_source.proto


export interface AggregatedConfigSource {
}

export interface AggregatedConfigSource__Output {
}
