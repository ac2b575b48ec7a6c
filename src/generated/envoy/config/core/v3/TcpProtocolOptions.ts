// Original file: proto/envoy/config/core/v3/protocol.proto


export interface TcpProtocolOptions {
}

export interface TcpProtocolOptions__Output {
}
