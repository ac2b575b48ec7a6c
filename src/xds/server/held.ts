/**
 * What a SotW client holds of one resource type, by name, with a digest of it that RDS, EDS and
 * SDS responses carry as version_info. Those responses carry only what changed, so the type
 * snapshot's version cannot say what the client holds; the digest can: Envoy sends back the
 * version_info of the last response it accepted, so on a new stream (another replica, a
 * restart) the server compares it with the digest of the current resources for the names the
 * client subscribes and sends nothing when they match.
 *
 * The digest is a sum of per-entry hashes of (name, content version) modulo 2^128: order-
 * independent, and kept up to date on each change (a response costs O(changed), not O(held)).
 * Content versions are the same on every replica (entry.ts), so the digest is too.
 */
import { createHash } from 'node:crypto';
import type { ResourceEntry } from '../cache/entry';

const BITS = 128n;
const MASK = (1n << BITS) - 1n;
const HEX_CHARS = Number(BITS / 4n);

/** Entries are shared by every stream: each is hashed once. */
const entryHashes = new WeakMap<ResourceEntry, bigint>();

function entryHash(entry: ResourceEntry): bigint {
  let h = entryHashes.get(entry);
  if (h === undefined) {
    const hex = createHash('sha256').update(`${entry.name}\0${entry.version}`).digest('hex').slice(0, HEX_CHARS);
    h = BigInt(`0x${hex}`);
    entryHashes.set(entry, h);
  }
  return h;
}

/**
 * "<count>:<digest>": the count helps a reader; the format differs from the set versions of LDS
 * and CDS (and from earlier Pier versions' RDS/EDS versions), so neither is ever taken for it.
 */
function format(sum: bigint, count: number): string {
  const bytes = Buffer.from(sum.toString(16).padStart(HEX_CHARS, '0'), 'hex');
  return `${count}:${bytes.toString('base64url')}`;
}

/** name → entry, as a Map, with the digest maintained on every set, delete and clear. */
export class HeldResources extends Map<string, ResourceEntry> {
  /** Undefined until first asked for: LDS/CDS, which never ask, pay nothing for it. */
  private sum: bigint | undefined;

  constructor(entries: Iterable<ResourceEntry> = []) {
    super();
    for (const e of entries) this.set(e.name, e);
  }

  override set(name: string, entry: ResourceEntry): this {
    if (this.sum !== undefined) {
      const before = super.get(name);
      if (before === entry) return this;
      let sum = this.sum + entryHash(entry);
      if (before) sum -= entryHash(before);
      this.sum = sum & MASK;
    }
    return super.set(name, entry);
  }

  override delete(name: string): boolean {
    const before = super.get(name);
    if (!before) return false;
    if (this.sum !== undefined) this.sum = (this.sum - entryHash(before)) & MASK;
    return super.delete(name);
  }

  override clear(): void {
    super.clear();
    this.sum = 0n;
  }

  /** The digest of what is held, as version_info. */
  get version(): string {
    return format(this.total(), this.size);
  }

  /** The digest of what is held less this entry (which must be held). */
  versionWithout(entry: ResourceEntry): string {
    return format((this.total() - entryHash(entry)) & MASK, this.size - 1);
  }

  private total(): bigint {
    if (this.sum === undefined) {
      let sum = 0n;
      for (const e of this.values()) sum += entryHash(e);
      this.sum = sum & MASK;
    }
    return this.sum;
  }
}
