// Original file: proto/opentelemetry/proto/common/v1/common.proto


export interface InstrumentationScope {
  'name'?: (string);
  'version'?: (string);
}

export interface InstrumentationScope__Output {
  'name'?: (string);
  'version'?: (string);
}
