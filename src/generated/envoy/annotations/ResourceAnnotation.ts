// Original file: proto/envoy/annotations/resource.proto


export interface ResourceAnnotation {
  'type'?: (string);
}

export interface ResourceAnnotation__Output {
  'type'?: (string);
}
