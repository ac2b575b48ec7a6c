/**
 * ClientPolicy settings (IR PolicySettings.client) on a listener's HTTP connection manager.
 * Client IP detection: trusted X-Forwarded-For hops are the connection manager's own setting;
 * a custom header is Envoy's custom_header original IP detection extension, which Envoy does not
 * let mix with use_remote_address (the header, not the peer, is then the client).
 */
import type { ClientSettings } from '../../../ir/client';
import type { HttpConnectionManager } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpConnectionManager';
import type { CustomHeaderConfig } from '../../../generated/envoy/extensions/http/original_ip_detection/custom_header/v3/CustomHeaderConfig';
import { typedConfig } from '../../types';
import { applyClientConnection } from './client-connection';

const CUSTOM_HEADER_EXTENSION = 'envoy.http.original_ip_detection.custom_header';
const CUSTOM_HEADER_TYPE = 'envoy.extensions.http.original_ip_detection.custom_header.v3.CustomHeaderConfig';

/** hcm with the client settings applied (in place). */
export function applyClientSettings(hcm: HttpConnectionManager, client: ClientSettings | undefined): void {
  const detection = client?.clientIPDetection;
  if (detection?.xffNumTrustedHops !== undefined) hcm.xff_num_trusted_hops = detection.xffNumTrustedHops;
  if (detection?.customHeader) {
    const config: CustomHeaderConfig = { header_name: detection.customHeader.name };
    if (detection.customHeader.failClosed) config.reject_with_status = { code: 'Forbidden' };
    hcm.use_remote_address = { value: false };
    hcm.original_ip_detection_extensions = [{ name: CUSTOM_HEADER_EXTENSION, typed_config: typedConfig(CUSTOM_HEADER_TYPE, config) }];
  }
  applyClientConnection(hcm, client?.connection);
}
