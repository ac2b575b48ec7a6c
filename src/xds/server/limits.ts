/**
 * Limits that keep one xDS client from costing the server unbounded memory or work. Defaults
 * are documented in the README (Security); a request over a limit ends its stream with a
 * clear status (RESOURCE_EXHAUSTED or INVALID_ARGUMENT), never a crash.
 */
import { status as GrpcStatus } from '@grpc/grpc-js';

export interface XdsLimits {
  /** Largest request message accepted (grpc.max_receive_message_length). */
  maxMessageBytes: number;
  /** HTTP/2 streams one connection may have open at once (grpc.max_concurrent_streams). */
  maxStreamsPerConnection: number;
  /** xDS streams the server holds at once, all connections together. */
  maxStreams: number;
  /** Resource names one request may carry (subscribe, unsubscribe, initial versions together). */
  maxNamesPerRequest: number;
  /** Names one stream may be subscribed to, all types together. */
  maxSubscribedNames: number;
  /** Longest resource name accepted, in bytes. */
  maxNameBytes: number;
  /** Server pings after this much silence on a connection, and drops it when no answer comes within keepaliveTimeoutMs. */
  keepaliveTimeMs: number;
  keepaliveTimeoutMs: number;
}

export const DEFAULT_XDS_LIMITS: XdsLimits = {
  maxMessageBytes: 4 * 1024 * 1024,
  maxStreamsPerConnection: 1_000,
  maxStreams: 10_000,
  maxNamesPerRequest: 20_000,
  maxSubscribedNames: 50_000,
  maxNameBytes: 1024,
  keepaliveTimeMs: 30_000,
  keepaliveTimeoutMs: 10_000,
};

export interface LimitViolation {
  code: GrpcStatus;
  message: string;
}

/** The name-carrying fields of SotW and Delta requests. */
export interface NamedRequest {
  resource_names?: readonly string[];
  resource_names_subscribe?: readonly string[];
  resource_names_unsubscribe?: readonly string[];
  initial_resource_versions?: Readonly<Record<string, string>>;
}

/** Frozen name lists already found within these limits: a list that comes again is not walked again. */
const checkedLists = new WeakMap<readonly string[], XdsLimits>();

/** Checks one request's names against the limits; undefined when it is within them. */
export function checkRequestNames(request: NamedRequest, limits: XdsLimits): LimitViolation | undefined {
  const lists = [request.resource_names ?? [], request.resource_names_subscribe ?? [], request.resource_names_unsubscribe ?? [],
    Object.keys(request.initial_resource_versions ?? {})];
  const count = lists.reduce((n, l) => n + l.length, 0);
  if (count > limits.maxNamesPerRequest) {
    return { code: GrpcStatus.RESOURCE_EXHAUSTED, message: `the request names ${count} resources; at most ${limits.maxNamesPerRequest} per request` };
  }
  for (const list of lists) {
    if (checkedLists.get(list) === limits) continue;
    for (const name of list) {
      // UTF-8 takes at most 3 bytes per UTF-16 unit: short names need no counting.
      if (name.length * 3 > limits.maxNameBytes && Buffer.byteLength(name) > limits.maxNameBytes) {
        return { code: GrpcStatus.INVALID_ARGUMENT, message: `a resource name of ${Buffer.byteLength(name)} bytes; at most ${limits.maxNameBytes}` };
      }
    }
    // A frozen list is one of the shared decoded lists (wire.ts), repeated by every ACK.
    if (Object.isFrozen(list) && list.length > 0) checkedLists.set(list, limits);
  }
  return undefined;
}
