// Original file: proto/envoy/config/route/v3/route_components.proto


export interface NonForwardingAction {
}

export interface NonForwardingAction__Output {
}
