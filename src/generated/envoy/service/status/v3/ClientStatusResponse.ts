// Original file: proto/envoy/service/status/v3/csds.proto

import type { ClientConfig as _envoy_service_status_v3_ClientConfig, ClientConfig__Output as _envoy_service_status_v3_ClientConfig__Output } from '../../../../envoy/service/status/v3/ClientConfig';

export interface ClientStatusResponse {
  'config'?: (_envoy_service_status_v3_ClientConfig)[];
}

export interface ClientStatusResponse__Output {
  'config'?: (_envoy_service_status_v3_ClientConfig__Output)[];
}
