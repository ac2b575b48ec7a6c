// Original file: proto/opentelemetry/proto/common/v1/common.proto


export interface InstrumentationLibrary {
  'name'?: (string);
  'version'?: (string);
}

export interface InstrumentationLibrary__Output {
  'name'?: (string);
  'version'?: (string);
}
