// Original file: proto/envoy/extensions/transport_sockets/raw_buffer/v3/raw_buffer.proto


export interface RawBuffer {
}

export interface RawBuffer__Output {
}
