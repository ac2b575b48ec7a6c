// Original file: proto/envoy/config/core/v3/address.proto


export interface EnvoyInternalAddress {
  'server_listener_name'?: (string);
  'endpoint_id'?: (string);
  'address_name_specifier'?: "server_listener_name";
}

export interface EnvoyInternalAddress__Output {
  'server_listener_name'?: (string);
  'endpoint_id'?: (string);
  'address_name_specifier'?: "server_listener_name";
}
