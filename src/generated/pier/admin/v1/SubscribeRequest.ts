// Original file: proto/pier/admin/v1/admin.proto


export interface SubscribeRequest {
  'gateway'?: (string);
}

export interface SubscribeRequest__Output {
  'gateway'?: (string);
}
