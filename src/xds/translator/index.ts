/** The xDS translator stage: IR per gateway in, Envoy resources out. */
export { translateXds, translateGateway } from './translate';
export { endpointSourceFromSlices } from './endpoints/endpoints';
export { EndpointRunner } from './endpoints/endpoint-runner';
export { XdsTranslatorRunner, type XdsTranslatorRunnerOptions } from './runner';
export { INVALID_BACKEND_CLUSTER } from './names';
