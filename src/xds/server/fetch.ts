/** Fetch* (unary, REST-like discovery): the current resources of one type, no stream state. */
import * as grpc from '@grpc/grpc-js';
import type { DiscoveryRequest__Output } from '../../generated/envoy/service/discovery/v3/DiscoveryRequest';
import type { DiscoveryResponse } from '../../generated/envoy/service/discovery/v3/DiscoveryResponse';
import type { SnapshotCache } from '../cache/cache';
import { setVersion } from '../cache/entry';
import type { ResourceTypeUrl } from '../types';
import { checkRequestNames } from './limits';
import type { StreamDeps } from './stream';

export function fetchResources(
  cache: SnapshotCache,
  typeUrl: ResourceTypeUrl,
  call: grpc.ServerUnaryCall<DiscoveryRequest__Output, DiscoveryResponse>,
  callback: grpc.sendUnaryData<DiscoveryResponse>,
  deps: Pick<StreamDeps, 'admit' | 'limits' | 'logger'>,
): void {
  const request = call.request;
  const gateway = request.node?.cluster ?? '';
  if (!gateway) {
    callback({ code: grpc.status.INVALID_ARGUMENT, details: 'node.cluster must name the gateway ("<namespace>/<name>")' });
    return;
  }
  const admission = deps.admit(call, gateway);
  if (!('identity' in admission)) {
    deps.logger.warn({ gateway, node: request.node?.id ?? '', typeUrl, code: admission.code, details: admission.message }, 'Fetch refused');
    callback({ code: admission.code, details: admission.message });
    return;
  }
  const overLimit = checkRequestNames(request, deps.limits);
  if (overLimit) {
    callback({ code: overLimit.code, details: overLimit.message });
    return;
  }
  const snapType = cache.snapshot(gateway)?.types.get(typeUrl);
  if (!snapType) {
    callback({ code: grpc.status.UNAVAILABLE, details: `no configuration for gateway ${gateway} yet` });
    return;
  }
  const requested = request.resource_names ?? [];
  const names = requested.filter((n) => n !== '*');
  const all = names.length === 0 || names.length !== requested.length;
  const entries = all ? [...snapType.entries.values()] : names.flatMap((n) => snapType.entries.get(n) ?? []);
  callback(null, {
    version_info: all ? snapType.version : setVersion(entries),
    resources: entries.map((e) => e.any),
    type_url: typeUrl,
    nonce: '',
  });
}
