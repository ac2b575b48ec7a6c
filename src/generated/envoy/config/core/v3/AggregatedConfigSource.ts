// Original file: /work/main/proto/envoy/config/core/v3/config_source.proto


export interface AggregatedConfigSource {
}

export interface AggregatedConfigSource__Output {
}
