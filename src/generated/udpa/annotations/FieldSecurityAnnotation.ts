// Original file: proto/udpa/annotations/security.proto


export interface FieldSecurityAnnotation {
  'configure_for_untrusted_downstream'?: (boolean);
  'configure_for_untrusted_upstream'?: (boolean);
}

export interface FieldSecurityAnnotation__Output {
  'configure_for_untrusted_downstream'?: (boolean);
  'configure_for_untrusted_upstream'?: (boolean);
}
