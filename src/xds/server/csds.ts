/**
 * Client Status Discovery Service (envoy.service.status.v3): what each connected proxy was
 * sent, per resource (the versions its stream sent, as the stream keeps them), and whether it
 * ACKed or NACKed it (with Envoy's error detail). The content is the cache's while it still has
 * that version; secrets go out with their private key redacted, like everywhere but SDS, and
 * listeners and routes without the credentials of their basic_auth and api_key_auth filters,
 * like everywhere but LDS/RDS. Over mTLS
 * a caller sees only the proxies of the Gateway its certificate names, as for xDS itself.
 */
import * as grpc from '@grpc/grpc-js';
import type { ClientStatusRequest__Output } from '../../generated/envoy/service/status/v3/ClientStatusRequest';
import type { ClientStatusResponse } from '../../generated/envoy/service/status/v3/ClientStatusResponse';
import type { ClientConfig, _envoy_service_status_v3_ClientConfig_GenericXdsConfig as GenericXdsConfig } from '../../generated/envoy/service/status/v3/ClientConfig';
import type { StringMatcher__Output } from '../../generated/envoy/type/matcher/v3/StringMatcher';
import type { Secret } from '../../generated/envoy/extensions/transport_sockets/tls/v3/Secret';
import { redactCredentialConfigs, redactSecret } from '../../security/redact';
import type { SnapshotCache } from '../cache/cache';
import type { XdsProtos } from '../proto';
import { TypeUrl, type ResourceTypeUrl } from '../types';
import type { ProxyInfo, ProxyRegistry, ProxyTypeStatus } from './registry';
import { RefusedCaller, callerScope, type AuthenticatedCall } from './admission';

export const CSDS_SERVICE = 'envoy.service.status.v3.ClientStatusDiscoveryService';

export interface ClientStatusSources {
  registry: ProxyRegistry;
  cache: SnapshotCache;
  protos: XdsProtos;
  /** mTLS: callers must present a certificate naming a Gateway, and see only its proxies. */
  requireIdentity: boolean;
}

/** A request Pier cannot answer as asked: INVALID_ARGUMENT with this message. */
class UnsupportedRequest extends Error {}

export function clientStatusHandlers(sources: ClientStatusSources): grpc.UntypedServiceImplementation {
  const answer = (call: AuthenticatedCall, request: ClientStatusRequest__Output): ClientStatusResponse =>
    ({ config: clientConfigs(sources, request, callerScope(call, sources.requireIdentity)) });
  return {
    FetchClientStatus: (call: grpc.ServerUnaryCall<ClientStatusRequest__Output, ClientStatusResponse>, callback: grpc.sendUnaryData<ClientStatusResponse>) => {
      try {
        callback(null, answer(call, call.request));
      } catch (err) {
        callback(grpcError(err));
      }
    },
    StreamClientStatus: (call: grpc.ServerDuplexStream<ClientStatusRequest__Output, ClientStatusResponse>) => {
      call.on('data', (request: ClientStatusRequest__Output) => {
        try {
          call.write(answer(call, request));
        } catch (err) {
          call.emit('error', grpcError(err));
        }
      });
      call.on('end', () => call.end());
      call.on('error', () => undefined); // a client that goes away is no error of ours
    },
  };
}

function grpcError(err: unknown): Partial<grpc.StatusObject> {
  if (err instanceof UnsupportedRequest) return { code: grpc.status.INVALID_ARGUMENT, details: err.message };
  if (err instanceof RefusedCaller) return { code: err.code, details: err.message };
  return { code: grpc.status.INTERNAL, details: 'internal error computing the client status' };
}

function clientConfigs(sources: ClientStatusSources, request: ClientStatusRequest__Output, scope: string | undefined): ClientConfig[] {
  const matchers = (request.node_matchers ?? []).map((m) => {
    if ((m.node_metadatas ?? []).length > 0) throw new UnsupportedRequest('node_matchers[].node_metadatas is not supported: match on node_id');
    return m.node_id ? stringMatcher(m.node_id) : () => true;
  });
  const wantId = request.node?.id ?? '';
  const wantCluster = request.node?.cluster ?? '';
  return sources.registry.list()
    .filter((p) => scope === undefined || p.cluster === scope)
    .filter((p) => (!wantId || p.nodeId === wantId) && (!wantCluster || p.cluster === wantCluster))
    .filter((p) => matchers.every((match) => match(p.nodeId)))
    .map((p) => clientConfig(sources, p, request.exclude_resource_contents === true));
}

function stringMatcher(m: StringMatcher__Output): (value: string) => boolean {
  const fold = (s: string) => (m.ignore_case ? s.toLowerCase() : s);
  switch (m.match_pattern) {
    case 'exact': return (v) => fold(v) === fold(m.exact ?? '');
    case 'prefix': return (v) => fold(v).startsWith(fold(m.prefix ?? ''));
    case 'suffix': return (v) => fold(v).endsWith(fold(m.suffix ?? ''));
    case 'contains': return (v) => fold(v).includes(fold(m.contains ?? ''));
    default: throw new UnsupportedRequest(`node_matchers[].node_id: ${m.match_pattern ?? 'an empty matcher'} is not supported (use exact, prefix, suffix or contains)`);
  }
}

function clientConfig(sources: ClientStatusSources, proxy: ProxyInfo, excludeContents: boolean): ClientConfig {
  const [agent, version] = proxy.envoyVersion.includes('/') ? proxy.envoyVersion.split('/', 2) : ['', proxy.envoyVersion];
  const snapshot = sources.cache.snapshot(proxy.cluster);
  const sent = sources.registry.sentVersions(proxy.streamId);
  const configs: GenericXdsConfig[] = [];
  for (const status of proxy.types) {
    const typeUrl = status.typeUrl as ResourceTypeUrl;
    const entries = snapshot?.types.get(typeUrl)?.entries;
    for (const [name, version] of [...(sent.get(typeUrl) ?? [])].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      // The content when the cache still has that version (an older one is gone: version only).
      const entry = entries?.get(name);
      configs.push(resourceConfig(sources.protos, status, name, typeUrl, version, entry?.version === version ? entry.any : undefined, excludeContents));
    }
  }
  return {
    node: { id: proxy.nodeId, cluster: proxy.cluster, user_agent_name: agent, user_agent_version: version },
    client_scope: '',
    generic_xds_configs: configs,
  };
}

function resourceConfig(
  protos: XdsProtos, status: ProxyTypeStatus, name: string, typeUrl: ResourceTypeUrl, version: string,
  any: Readonly<{ type_url: string; value: Uint8Array }> | undefined, excludeContents: boolean,
): GenericXdsConfig {
  const nack = status.lastNack && status.lastNack.rejected.includes(name) ? status.lastNack : undefined;
  const base: GenericXdsConfig = {
    type_url: typeUrl,
    name,
    version_info: version,
    ...(excludeContents || !any ? {} : { xds_config: redactedAny(protos, typeUrl, any) }),
  };
  if (nack) {
    return {
      ...base,
      config_status: 'ERROR',
      client_status: 'NACKED',
      last_updated: timestamp(nack.at),
      error_state: { details: nack.message, version_info: nack.version, last_update_attempt: timestamp(nack.at) },
    };
  }
  // Answered and not among what a NACK rejected: applied (Envoy applies the valid listeners
  // and clusters of a response it NACKs for others; see nack.ts).
  const answered = !status.awaitingAck && (status.ackedVersion !== undefined || status.lastNack !== undefined);
  const answeredAt = [status.ackedAt, status.lastNack?.at].filter((t): t is string => t !== undefined).sort().pop();
  return {
    ...base,
    config_status: answered ? 'SYNCED' : 'STALE',
    client_status: answered ? 'ACKED' : 'REQUESTED',
    last_updated: timestamp((answered ? answeredAt : status.sentAt) ?? new Date(0).toISOString()),
  };
}

/** The filter configurations whose credentials are redacted, as their type URLs appear in the bytes. */
const CREDENTIAL_TYPE_MARKERS = ['filters.http.basic_auth.v3.', 'filters.http.api_key_auth.v3.'].map((m) => Buffer.from(m));

/** Secrets lose their private key, listeners and routes their filters' credentials; other resources go as Pier encoded them. */
function redactedAny(protos: XdsProtos, typeUrl: ResourceTypeUrl, any: Readonly<{ type_url: string; value: Uint8Array }>): { type_url: string; value: Uint8Array } {
  if (typeUrl === TypeUrl.Secret) {
    const secret = protos.decode(typeUrl, any.value) as Secret;
    return { type_url: any.type_url, value: protos.encode(typeUrl, redactSecret(secret)) };
  }
  const bytes = Buffer.from(any.value.buffer, any.value.byteOffset, any.value.byteLength);
  if ((typeUrl === TypeUrl.Listener || typeUrl === TypeUrl.RouteConfiguration) && CREDENTIAL_TYPE_MARKERS.some((m) => bytes.includes(m))) {
    return { type_url: any.type_url, value: protos.encode(typeUrl, redactCredentialConfigs(protos.decode(typeUrl, any.value))) };
  }
  return { type_url: any.type_url, value: any.value };
}

function timestamp(iso: string): { seconds: string; nanos: number } {
  const ms = Date.parse(iso);
  return { seconds: String(Math.floor(ms / 1000)), nanos: (ms % 1000) * 1e6 };
}
