// Original file: proto/envoy/type/v3/http.proto

export const CodecClientType = {
  HTTP1: 'HTTP1',
  HTTP2: 'HTTP2',
  HTTP3: 'HTTP3',
} as const;

export type CodecClientType =
  | 'HTTP1'
  | 0
  | 'HTTP2'
  | 1
  | 'HTTP3'
  | 2

export type CodecClientType__Output = typeof CodecClientType[keyof typeof CodecClientType]
