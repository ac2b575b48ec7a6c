// Original file: proto/envoy/extensions/filters/http/jwt_authn/v3/config.proto


export interface PerRouteConfig {
  'disabled'?: (boolean);
  'requirement_name'?: (string);
  'requirement_specifier'?: "disabled"|"requirement_name";
}

export interface PerRouteConfig__Output {
  'disabled'?: (boolean);
  'requirement_name'?: (string);
  'requirement_specifier'?: "disabled"|"requirement_name";
}
