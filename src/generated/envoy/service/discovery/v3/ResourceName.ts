// Original file: proto/envoy/service/discovery/v3/discovery.proto

import type { DynamicParameterConstraints as _envoy_service_discovery_v3_DynamicParameterConstraints, DynamicParameterConstraints__Output as _envoy_service_discovery_v3_DynamicParameterConstraints__Output } from '../../../../envoy/service/discovery/v3/DynamicParameterConstraints';

export interface ResourceName {
  'name'?: (string);
  'dynamic_parameter_constraints'?: (_envoy_service_discovery_v3_DynamicParameterConstraints | null);
}

export interface ResourceName__Output {
  'name'?: (string);
  'dynamic_parameter_constraints'?: (_envoy_service_discovery_v3_DynamicParameterConstraints__Output);
}
