/**
 * Host infrastructure's Gateway addresses, published on bus.gatewayInfra:
 * - A Gateway with spec.addresses the host has is left to the translator (it binds and reports
 *   the first). One this host does not have makes it Programmed=False, AddressNotUsable (its
 *   proxy could not bind it), and the first one the host has is bound and reported instead.
 * - With a pool (an IPv4 CIDR, typically on loopback: every 127.x address is local on Linux),
 *   each Gateway without spec.addresses gets an address of its own, so Gateways that use the
 *   same port do not collide, reported in status.addresses as a load balancer's would be. So
 *   does a Gateway whose spec.addresses are IPAddress entries without a value (a request for an
 *   address); without a pool it gets none: Programmed=False, AddressNotAssigned.
 * - Routability (GEP-5093): only entries of default routability (unset, "", the conformance
 *   sentinel) are bound or take a pool address; the host has no Service ClusterIP for a Cluster
 *   entry, and an address of any other routability, so the translator reports those unsatisfied.
 *
 * An address is kept while its Gateway exists. A Gateway first tries the slot its name hashes to,
 * so it usually gets the same address back after a restart of Pier or a re-creation.
 */
import { createHash } from 'node:crypto';
import { isIP, isIPv4 } from 'node:net';
import { networkInterfaces } from 'node:os';
import { asksForDefaultAddress, specifiedAddresses, type Gateway } from '../../apis/gateway';
import type { GatewayInfraState } from '../../ir/types';
import type { Bus } from '../../message/resources';
import { handleSubscription, type Subscription } from '../../message/watchable';
import { componentLogger, type Logger } from '../../logging/logger';
import { parseAddressPool, toAddress, type AddressRange } from '../address-range';

export { parseAddressPool, type AddressRange } from '../address-range';

/** Gateway key -> address, allocated first-come, each Gateway preferring its hashed slot. */
export class AddressAllocator {
  private readonly byGateway = new Map<string, number>();
  private readonly taken = new Set<number>();

  constructor(private readonly range: AddressRange) {}

  /** The Gateway's address (the same one while it keeps it); undefined when the pool is exhausted. */
  allocate(gateway: string): string | undefined {
    const held = this.byGateway.get(gateway);
    if (held !== undefined) return toAddress(held);
    if (this.taken.size >= this.range.size) return undefined;
    const preferred = createHash('sha256').update(gateway).digest().readUInt32BE(0) % this.range.size;
    for (let i = 0; i < this.range.size; i++) {
      const n = this.range.first + ((preferred + i) % this.range.size);
      if (this.taken.has(n)) continue;
      this.taken.add(n);
      this.byGateway.set(gateway, n);
      return toAddress(n);
    }
    return undefined;
  }

  release(gateway: string): void {
    const held = this.byGateway.get(gateway);
    if (held === undefined) return;
    this.taken.delete(held);
    this.byGateway.delete(gateway);
  }
}

/** Whether the Gateway names addresses itself (then it binds those, and gets none from the pool). */
function namesAddresses(gateway: Gateway): boolean {
  return specifiedAddresses(gateway).length > 0;
}

/** Whether spec.addresses asks for an address to be assigned: an entry of default routability without a value, none with one. */
function asksForAddress(gateway: Gateway): boolean {
  return asksForDefaultAddress(gateway) && !namesAddresses(gateway);
}

/** Whether the Gateway takes an address from the pool: it names none, and asks for none of another routability only. */
function takesPoolAddress(gateway: Gateway): boolean {
  return (gateway.spec?.addresses ?? []).length === 0 || asksForAddress(gateway);
}

/** Whether a proxy on this host can bind ip: loopback, the unspecified address, or an address of an interface. */
export function isHostAddress(ip: string, interfaces = networkInterfaces()): boolean {
  if (ip === '0.0.0.0' || ip === '::' || ip === '::1' || (isIPv4(ip) && ip.startsWith('127.'))) return true;
  return Object.values(interfaces).some((list) => (list ?? []).some((a) => a.address === ip));
}

/**
 * What the host has to say about a Gateway's spec.addresses: only when some IP address is not
 * one of its own (then the first one it has is bound and reported, and the Gateway is not
 * Programmed). Undefined otherwise: the translator binds and reports the first address itself, so
 * nothing is published and nothing translated again.
 */
export function staticAddressState(gateway: Gateway, hasAddress: (ip: string) => boolean = isHostAddress): GatewayInfraState | undefined {
  const ips = specifiedAddresses(gateway).filter((a) => (a.type ?? 'IPAddress') === 'IPAddress' && isIP(a.value) !== 0).map((a) => a.value);
  const unusable = ips.filter((ip) => !hasAddress(ip));
  if (unusable.length === 0) return undefined;
  const usable = ips.find((ip) => !unusable.includes(ip));
  return {
    ...(usable ? { bindAddress: usable } : {}),
    addresses: usable ? [{ type: 'IPAddress', value: usable }] : [],
    programmed: { ok: false, reason: 'AddressNotUsable', message: `not an address of this host, so its proxy cannot bind it: ${unusable.join(', ')}` },
  };
}

export interface GatewayAddressPoolOptions {
  bus: Bus;
  /** An IPv4 CIDR, e.g. "127.32.0.0/16", or "" for no pool (spec.addresses are still checked). */
  pool: string;
  logger: Logger;
}

/** Follows the Gateways table and keeps bus.gatewayInfra's addresses for them. */
export class GatewayAddressPool {
  private readonly allocator: AddressAllocator | null;
  private readonly log: Logger;
  private subscription: Subscription<string, Gateway> | null = null;
  private loop: Promise<void> | null = null;

  constructor(private readonly options: GatewayAddressPoolOptions) {
    this.allocator = options.pool ? new AddressAllocator(parseAddressPool(options.pool)) : null;
    this.log = componentLogger(options.logger, 'infra-addresses');
  }

  start(): void {
    const { bus } = this.options;
    this.subscription = bus.tables.gateways.subscribe();
    this.loop = handleSubscription(this.subscription, (u) => {
      const gateway = u.value;
      if (u.deleted || !gateway || !takesPoolAddress(gateway) || !this.allocator) {
        this.allocator?.release(u.key);
        const state = gateway && !u.deleted ? staticAddressState(gateway) ?? this.unassignedState(gateway) ?? this.nothingToAssign(gateway) : undefined;
        if (state) bus.gatewayInfra.store(u.key, state);
        else bus.gatewayInfra.delete(u.key);
        return;
      }
      const address = this.allocator.allocate(u.key);
      if (address === undefined) {
        this.log.error({ gateway: u.key, pool: this.options.pool }, 'the Gateway address pool is exhausted; the Gateway gets no address');
        bus.gatewayInfra.store(u.key, {
          addresses: [],
          programmed: { ok: false, reason: 'AddressNotAssigned', message: `no free address left in the pool ${this.options.pool}` },
        });
        return;
      }
      const state: GatewayInfraState = { bindAddress: address, addresses: [{ type: 'IPAddress', value: address }] };
      bus.gatewayInfra.store(u.key, state);
    });
  }

  /** A Gateway that asks for an address when there is no pool to assign one from. */
  private unassignedState(gateway: Gateway): GatewayInfraState | undefined {
    if (!asksForAddress(gateway)) return undefined;
    return {
      addresses: [],
      programmed: { ok: false, reason: 'AddressNotAssigned', message: 'spec.addresses asks for an address to be assigned, and no address pool is configured (--gateway-address-pool)' },
    };
  }

  /**
   * A Gateway whose spec.addresses ask only for a routability the host cannot give (Cluster, or
   * a value Pier does not know): with a pool, the translator waits for word on it, so it is told
   * there is no address (the translator then reports the entries unsatisfied).
   */
  private nothingToAssign(gateway: Gateway): GatewayInfraState | undefined {
    return this.allocator && !namesAddresses(gateway) ? { addresses: [] } : undefined;
  }

  async stop(): Promise<void> {
    this.subscription?.close();
    await this.loop;
  }
}
