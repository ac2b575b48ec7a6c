// Original file: proto/envoy/config/listener/v3/listener.proto


export interface ApiListenerManager {
}

export interface ApiListenerManager__Output {
}
