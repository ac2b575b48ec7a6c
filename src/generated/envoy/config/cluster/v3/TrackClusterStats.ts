// Original file: proto/envoy/config/cluster/v3/cluster.proto


export interface TrackClusterStats {
  'timeout_budgets'?: (boolean);
  'request_response_sizes'?: (boolean);
  'per_endpoint_stats'?: (boolean);
}

export interface TrackClusterStats__Output {
  'timeout_budgets'?: (boolean);
  'request_response_sizes'?: (boolean);
  'per_endpoint_stats'?: (boolean);
}
