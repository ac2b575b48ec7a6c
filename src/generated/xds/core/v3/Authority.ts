// Original file: proto/xds/core/v3/authority.proto


export interface Authority {
  'name'?: (string);
}

export interface Authority__Output {
  'name'?: (string);
}
