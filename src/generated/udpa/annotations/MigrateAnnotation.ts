// Original file: proto/udpa/annotations/migrate.proto


export interface MigrateAnnotation {
  'rename'?: (string);
}

export interface MigrateAnnotation__Output {
  'rename'?: (string);
}
