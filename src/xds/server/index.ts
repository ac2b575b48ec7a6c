export { XdsServer, type XdsServerOptions } from './server';
export {
  ProxyRegistry,
  type ProxyRegistryOptions,
  type ProxyInfo,
  type ProxyTypeStatus,
  type NackRecord,
  type StreamProtocol,
  type StreamService,
} from './registry';
export { ADS_SERVICE, HEALTH_SERVICE, PER_TYPE_SERVICES } from './services';
export { DEFAULT_XDS_LIMITS, type XdsLimits } from './limits';
export type { StreamIdentity } from './admission';
