// Original file: proto/envoy/config/listener/v3/listener.proto


export interface ValidationListenerManager {
}

export interface ValidationListenerManager__Output {
}
