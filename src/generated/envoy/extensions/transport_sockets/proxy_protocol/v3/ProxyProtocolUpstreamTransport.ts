// Original file: proto/envoy/extensions/transport_sockets/proxy_protocol/v3/upstream_proxy_protocol.proto

import type { ProxyProtocolConfig as _envoy_config_core_v3_ProxyProtocolConfig, ProxyProtocolConfig__Output as _envoy_config_core_v3_ProxyProtocolConfig__Output } from '../../../../../envoy/config/core/v3/ProxyProtocolConfig';
import type { TransportSocket as _envoy_config_core_v3_TransportSocket, TransportSocket__Output as _envoy_config_core_v3_TransportSocket__Output } from '../../../../../envoy/config/core/v3/TransportSocket';

export interface ProxyProtocolUpstreamTransport {
  'config'?: (_envoy_config_core_v3_ProxyProtocolConfig | null);
  'transport_socket'?: (_envoy_config_core_v3_TransportSocket | null);
}

export interface ProxyProtocolUpstreamTransport__Output {
  'config'?: (_envoy_config_core_v3_ProxyProtocolConfig__Output);
  'transport_socket'?: (_envoy_config_core_v3_TransportSocket__Output);
}
