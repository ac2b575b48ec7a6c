// Original file: proto/envoy/extensions/transport_sockets/tls/v3/common.proto


export interface CertificateProviderPluginInstance {
  'instance_name'?: (string);
  'certificate_name'?: (string);
}

export interface CertificateProviderPluginInstance__Output {
  'instance_name'?: (string);
  'certificate_name'?: (string);
}
