/**
 * Discovery responses encoded once and shared. The streams of a gateway that owe the same
 * response (the same type snapshot, version, resources and removals) send the same bytes,
 * nonce included: a push to thousands of proxies encodes one message, and each stream only
 * writes it. A nonce has to be unique within a stream, not across streams: nonces count up
 * from one counter, and a stream takes a shared response only when its nonce is above every
 * nonce that stream sent before; otherwise it gets a freshly numbered copy.
 */
import type * as protobuf from 'protobufjs';
import type { ResourceEntry } from '../cache/entry';
import type { TypeSnapshot } from '../cache/snapshot';
import type { XdsProtos } from '../proto';
import { anySize, fieldSize, writeAny, writeFieldHead, writeStringField } from '../assembly';

/** A response as grpc-js writes it (the ADS methods' serializer passes Buffers through). */
export interface EncodedResponse {
  /** Position in the server's nonce sequence. */
  readonly seq: number;
  readonly nonce: string;
  readonly bytes: Buffer;
}

/** Distinct responses kept per type snapshot; streams that far apart are rare, and re-encode. */
const MAX_SHARED_PER_SNAPSHOT = 64;

export class ResponseEncoder {
  private seq = 0;
  /** By type snapshot: they go when the snapshot goes. */
  private readonly shared = new WeakMap<TypeSnapshot, Map<string, EncodedResponse>>();
  private readonly deltaType: protobuf.Type;
  private readonly sotwType: protobuf.Type;
  /** Field numbers of the repeated resources, and of a Delta Resource's fields. */
  private readonly fields: { sotwResources: number; deltaResources: number; name: number; version: number; resource: number };

  constructor(protos: XdsProtos) {
    this.deltaType = protos.root.lookupType('envoy.service.discovery.v3.DeltaDiscoveryResponse');
    this.sotwType = protos.root.lookupType('envoy.service.discovery.v3.DiscoveryResponse');
    const resource = protos.root.lookupType('envoy.service.discovery.v3.Resource');
    const id = (type: protobuf.Type, field: string): number => type.fields[field]!.id;
    this.fields = {
      sotwResources: id(this.sotwType, 'resources'), deltaResources: id(this.deltaType, 'resources'),
      name: id(resource, 'name'), version: id(resource, 'version'), resource: id(resource, 'resource'),
    };
  }

  /** Responses encoded so far (shared ones once). */
  get encodeCount(): number {
    return this.seq;
  }

  /**
   * A Delta response: the upserted entries and the removed names, at the type snapshot's
   * version. after: the highest nonce sequence the stream has sent.
   */
  delta(typeUrl: string, snapType: TypeSnapshot | undefined, upserts: readonly ResourceEntry[], removed: readonly string[], after: number): EncodedResponse {
    const version = snapType?.version ?? '';
    return this.shareOrEncode(snapType, after, () => `d${entriesKey(version, upserts)}${namesKey(removed)}`, (nonce) => this.deltaBytes(this.deltaType.encode(this.deltaType.fromObject({
      system_version_info: version,
      type_url: typeUrl,
      nonce,
      removed_resources: removed,
    })).finish(), typeUrl, upserts));
  }

  /** A SotW response: these resources under this version_info. after: as for delta. */
  sotw(typeUrl: string, snapType: TypeSnapshot | undefined, version: string, resources: readonly ResourceEntry[], after: number): EncodedResponse {
    // The whole snapshot under its own version is the common case (LDS/CDS): the version names it.
    const whole = snapType !== undefined && version === snapType.version && resources.length === snapType.entries.size
      && resources.every((e) => snapType.entries.get(e.name) === e);
    return this.shareOrEncode(snapType, after, () => (whole ? `s${version}` : `s${entriesKey(version, resources)}`), (nonce) => this.sotwBytes(this.sotwType.encode(this.sotwType.fromObject({
      version_info: version,
      type_url: typeUrl,
      nonce,
    })).finish(), typeUrl, resources));
  }

  /**
   * A SotW response's bytes: head (its other fields, from the encoder), then each resource as an
   * Any written in place around the entry's bytes, in one buffer sized up front: the resources
   * are copied once, never decoded or encoded again (assembly.ts).
   */
  private sotwBytes(head: Uint8Array, typeUrl: string, resources: readonly ResourceEntry[]): Uint8Array {
    const url = Buffer.from(typeUrl, 'utf8');
    const field = this.fields.sotwResources;
    let size = head.length;
    for (const e of resources) size += fieldSize(field, anySize(url, e.bytes.length));
    const out = Buffer.alloc(size);
    out.set(head, 0);
    let at = head.length;
    for (const e of resources) at = writeAny(out, writeFieldHead(out, at, field, anySize(url, e.bytes.length)), url, e.bytes);
    return out;
  }

  /** A Delta response's bytes, likewise: each upsert a Resource (name, version, the resource as an Any). */
  private deltaBytes(head: Uint8Array, typeUrl: string, upserts: readonly ResourceEntry[]): Uint8Array {
    const { deltaResources, name, version, resource } = this.fields;
    const url = Buffer.from(typeUrl, 'utf8');
    const sizes = upserts.map((e) => fieldSize(name, Buffer.byteLength(e.name)) + fieldSize(version, Buffer.byteLength(e.version)) + fieldSize(resource, anySize(url, e.bytes.length)));
    let size = head.length;
    for (const inner of sizes) size += fieldSize(deltaResources, inner);
    const out = Buffer.alloc(size);
    out.set(head, 0);
    let at = head.length;
    upserts.forEach((e, i) => {
      at = writeFieldHead(out, at, deltaResources, sizes[i]!);
      at = writeStringField(out, at, name, e.name);
      at = writeStringField(out, at, version, e.version);
      at = writeAny(out, writeFieldHead(out, at, resource, anySize(url, e.bytes.length)), url, e.bytes);
    });
    return out;
  }

  private shareOrEncode(snapType: TypeSnapshot | undefined, after: number, key: () => string, encode: (nonce: string) => Uint8Array): EncodedResponse {
    if (!snapType) return this.encode(encode);
    let shared = this.shared.get(snapType);
    if (!shared) this.shared.set(snapType, (shared = new Map()));
    const k = key();
    const found = shared.get(k);
    if (found && found.seq > after) return found;
    const fresh = this.encode(encode);
    if (shared.size >= MAX_SHARED_PER_SNAPSHOT) shared.clear();
    shared.set(k, fresh);
    return fresh;
  }

  private encode(encode: (nonce: string) => Uint8Array): EncodedResponse {
    const seq = ++this.seq;
    const nonce = String(seq);
    const bytes = encode(nonce);
    return Object.freeze({ seq, nonce, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  }
}

/** Unambiguous whatever the names hold: each part is length-prefixed. */
function entriesKey(version: string, entries: readonly ResourceEntry[]): string {
  let key = `${version.length}:${version}`;
  for (const e of entries) key += `${e.name.length}:${e.name}${e.version.length}:${e.version}`;
  return key;
}

function namesKey(names: readonly string[]): string {
  let key = `|${names.length}`;
  for (const n of names) key += `${n.length}:${n}`;
  return key;
}
