/** The xDS translator stage: IR per gateway in, Envoy resources out. */
export { translateXds } from './translate';
export { XdsTranslatorRunner, type XdsTranslatorRunnerOptions } from './runner';
export { INVALID_BACKEND_CLUSTER } from './names';
