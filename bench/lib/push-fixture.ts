/**
 * The fixture of the push benchmarks (fanout, peer): one gateway from the real translators
 * (HTTPRoutes each with its own Service and EndpointSlice: one listener, one route configuration,
 * one EDS cluster and one ClusterLoadAssignment per route), and a list of endpoint updates, each
 * a new assignment for one cluster whose first endpoint moves to an address no other update uses.
 */
import { translate } from '../../src/gatewayapi/translate';
import type { ClusterLoadAssignment } from '../../src/generated/envoy/config/endpoint/v3/ClusterLoadAssignment';
import type { XdsProtos } from '../../src/xds/proto';
import { endpointSourceFromSlices, translateXds } from '../../src/xds/translator';
import { TypeUrl, type XdsResources } from '../../src/xds/types';
import { CONTROLLER, fleetManifests, gatewayKey, loadManifests } from './fixtures';

export interface PushFixture {
  gateway: string;
  base: XdsResources;
  /** The k-th update: the new assignment of one cluster. Applied in order, each changes something. */
  updates: ClusterLoadAssignment[];
}

/** An address of 10.128.0.0/9 for update k (k < 2^23): no two updates share one. */
function updateAddress(k: number): string {
  return `10.${128 + ((k >> 16) & 127)}.${(k >> 8) & 255}.${k & 255}`;
}

export function buildPushFixture(routes: number, updateCount: number): PushFixture {
  const gateway = gatewayKey(0);
  const resources = loadManifests(fleetManifests({ gateways: 1, routesPerGateway: routes }));
  const ir = translate(resources, { controllerName: CONTROLLER }).xdsIR[gateway];
  if (!ir) throw new Error(`no IR for ${gateway}`);
  const base = translateXds(ir, endpointSourceFromSlices(resources.endpointSlices));
  if (base.endpoints.length !== routes) throw new Error(`expected ${routes} assignments, the translators gave ${base.endpoints.length}`);
  const updates: ClusterLoadAssignment[] = [];
  for (let k = 0; k < updateCount; k++) {
    const assignment = structuredClone(base.endpoints[(k * 37) % routes] as ClusterLoadAssignment);
    const address = assignment.endpoints?.[0]?.lb_endpoints?.[0]?.endpoint?.address?.socket_address;
    if (!address) throw new Error(`assignment ${assignment.cluster_name ?? ''} has no socket address to move`);
    address.address = updateAddress(k);
    updates.push(assignment);
  }
  return { gateway, base, updates };
}

/** The resources with one assignment replaced (by cluster name); the rest is shared, as the pipeline does. */
export function withAssignment(current: XdsResources, assignment: ClusterLoadAssignment): XdsResources {
  const endpoints = current.endpoints.map((e) => (e.cluster_name === assignment.cluster_name ? assignment : e));
  return { ...current, endpoints };
}

/** One resource as the Go peer reads it: the protobuf encoding (base64 in JSON). */
export interface EncodedResource {
  typeUrl: string;
  name: string;
  value: string;
}

/** What bench/peer (go-control-plane) serves: the same resources, encoded by Pier's encoder. */
export interface EncodedPushFixture {
  gateway: string;
  resources: EncodedResource[];
  updates: EncodedResource[];
}

export function encodePushFixture(fixture: PushFixture, protos: XdsProtos): EncodedPushFixture {
  const encode = (typeUrl: string, name: string, resource: object): EncodedResource => ({
    typeUrl, name, value: Buffer.from(protos.encode(typeUrl, resource)).toString('base64'),
  });
  const { base } = fixture;
  if (base.secrets.length > 0) throw new Error('the push fixture has no secrets');
  return {
    gateway: fixture.gateway,
    resources: [
      ...base.clusters.map((r) => encode(TypeUrl.Cluster, r.name ?? '', r)),
      ...base.endpoints.map((r) => encode(TypeUrl.ClusterLoadAssignment, r.cluster_name ?? '', r)),
      ...base.listeners.map((r) => encode(TypeUrl.Listener, r.name ?? '', r)),
      ...base.routes.map((r) => encode(TypeUrl.RouteConfiguration, r.name ?? '', r)),
    ],
    updates: fixture.updates.map((r) => encode(TypeUrl.ClusterLoadAssignment, r.cluster_name ?? '', r)),
  };
}
