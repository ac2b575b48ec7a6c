// Original file: proto/envoy/extensions/http/stateful_session/header/v3/header.proto


export interface HeaderBasedSessionState {
  'name'?: (string);
}

export interface HeaderBasedSessionState__Output {
  'name'?: (string);
}
