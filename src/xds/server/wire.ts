/**
 * The discovery methods' (de)serialization, tuned for pushes to many proxies:
 * - responses go out as the bytes ResponseEncoder made once for every stream (a Buffer passes
 *   the serializer untouched; anything else is encoded as before);
 * - a SotW request repeats all of its type's subscribed names on every ACK (hundreds of EDS
 *   names, thousands of ACKs per push): a request that is only version, names, type and nonce is
 *   read without decoding the names when the same list came before. Equal bytes give the one
 *   frozen list already decoded, so a stream sees at once (by identity) that its subscription
 *   did not change. Any other request is decoded in full as before.
 */
import type * as grpc from '@grpc/grpc-js';
import { Reader } from 'protobufjs';
import type { DiscoveryRequest__Output } from '../../generated/envoy/service/discovery/v3/DiscoveryRequest';

type Method = grpc.MethodDefinition<unknown, unknown>;

/** The service with Buffers passing its streaming methods' response serializer as they are. */
export function withEncodedResponses(service: grpc.ServiceDefinition, streamingMethods: readonly string[]): grpc.ServiceDefinition {
  const out: Record<string, Method> = { ...(service as Record<string, Method>) };
  for (const name of streamingMethods) {
    const method = out[name];
    if (!method) throw new Error(`service has no method ${name}`);
    const serialize = method.responseSerialize;
    out[name] = { ...method, responseSerialize: (value: unknown) => (Buffer.isBuffer(value) ? value : serialize(value)) };
  }
  return out as grpc.ServiceDefinition;
}

/** The service with its SotW methods reading requests through names (see above). */
export function withSotwRequestNames(service: grpc.ServiceDefinition, sotwMethods: readonly string[], names: NameLists): grpc.ServiceDefinition {
  const out: Record<string, Method> = { ...(service as Record<string, Method>) };
  for (const name of sotwMethods) {
    const method = out[name];
    if (!method) throw new Error(`service has no method ${name}`);
    const full = method.requestDeserialize as (bytes: Buffer) => DiscoveryRequest__Output;
    out[name] = { ...method, requestDeserialize: (bytes: Buffer) => readSotwRequest(bytes, names) ?? full(bytes) };
  }
  return out as grpc.ServiceDefinition;
}

// DiscoveryRequest keys (field number << 3 | wire type 2): version_info, resource_names, type_url, response_nonce.
const VERSION_INFO = (1 << 3) | 2;
const RESOURCE_NAMES = (3 << 3) | 2;
const TYPE_URL = (4 << 3) | 2;
const RESPONSE_NONCE = (5 << 3) | 2;

/**
 * A request carrying only version_info, resource_names (in one run), type_url and
 * response_nonce; undefined for anything else (node, error_detail, locators...), which the full
 * decoder reads. Fields absent on the wire are absent in the result, as with the full decoder.
 */
export function readSotwRequest(bytes: Buffer, names: NameLists): DiscoveryRequest__Output | undefined {
  const reader = Reader.create(bytes);
  const request: DiscoveryRequest__Output = {};
  let namesStart = -1;
  let namesEnd = -1;
  while (reader.pos < reader.len) {
    const at = reader.pos;
    const key = reader.uint32();
    switch (key) {
      case VERSION_INFO:
        request.version_info = reader.string();
        break;
      case TYPE_URL:
        request.type_url = reader.string();
        break;
      case RESPONSE_NONCE:
        request.response_nonce = reader.string();
        break;
      case RESOURCE_NAMES:
        if (namesStart < 0) namesStart = at;
        else if (namesEnd !== at) return undefined; // names in more than one run
        reader.skip(reader.uint32());
        namesEnd = reader.pos;
        break;
      default:
        return undefined;
    }
  }
  if (namesStart >= 0) request.resource_names = names.list(bytes.subarray(namesStart, namesEnd)) as string[];
  return request;
}

/** Lists larger than this (encoded) are decoded each time rather than kept. */
const MAX_KEPT_LIST_BYTES = 64 * 1024;
/** What the kept lists may add up to (encoded); past it, they are dropped and start again. */
const MAX_KEPT_BYTES = 4 * 1024 * 1024;

/** Kept lists of one encoded length; past this many, the oldest goes. */
const MAX_LISTS_PER_LENGTH = 8;

interface KeptList {
  readonly bytes: Buffer;
  readonly names: readonly string[];
}

/**
 * Decoded resource_names runs, by their bytes: proxies subscribed alike share one frozen list,
 * and a repeated list costs a byte comparison, not a decoding. Lists are found by their encoded
 * length, then compared byte for byte (cheaper than hashing them as a string key).
 */
export class NameLists {
  private readonly byLength = new Map<number, KeptList[]>();
  private keptBytes = 0;

  /** The names of a run of resource_names fields (key, length, name; repeated). */
  list(run: Buffer): readonly string[] {
    if (run.length > MAX_KEPT_LIST_BYTES) return decodeNames(run);
    let bucket = this.byLength.get(run.length);
    if (bucket) {
      for (const kept of bucket) if (kept.bytes.equals(run)) return kept.names;
    }
    const names = Object.freeze(decodeNames(run));
    if (this.keptBytes + run.length > MAX_KEPT_BYTES) {
      this.byLength.clear();
      this.keptBytes = 0;
      bucket = undefined;
    }
    if (!bucket) this.byLength.set(run.length, (bucket = []));
    if (bucket.length >= MAX_LISTS_PER_LENGTH) this.keptBytes -= bucket.shift()!.bytes.length;
    // A copy: the run is a view of the request's buffer.
    bucket.push({ bytes: Buffer.from(run), names });
    this.keptBytes += run.length;
    return names;
  }
}

function decodeNames(run: Buffer): string[] {
  const reader = Reader.create(run);
  const names: string[] = [];
  while (reader.pos < reader.len) {
    reader.uint32();
    names.push(reader.string());
  }
  return names;
}
