// Original file: proto/xds/annotations/v3/status.proto


export interface FieldStatusAnnotation {
  'work_in_progress'?: (boolean);
}

export interface FieldStatusAnnotation__Output {
  'work_in_progress'?: (boolean);
}
