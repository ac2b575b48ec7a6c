// Original file: proto/envoy/extensions/filters/http/cors/v3/cors.proto


export interface Cors {
}

export interface Cors__Output {
}
