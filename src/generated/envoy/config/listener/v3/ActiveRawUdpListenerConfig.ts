// Original file: proto/envoy/config/listener/v3/udp_listener_config.proto


export interface ActiveRawUdpListenerConfig {
}

export interface ActiveRawUdpListenerConfig__Output {
}
