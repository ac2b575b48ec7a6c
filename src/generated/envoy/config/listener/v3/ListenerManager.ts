// Original file: proto/envoy/config/listener/v3/listener.proto


export interface ListenerManager {
}

export interface ListenerManager__Output {
}
