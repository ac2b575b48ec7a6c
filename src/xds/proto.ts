/**
 * Loads the vendored Envoy protos (proto/) once: a protobufjs Root to encode resources and a
 * grpc package definition for the discovery services. Schema only; immutable after load.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as protobuf from 'protobufjs';
import * as protoLoader from '@grpc/proto-loader';

export const PROTO_DIR = path.resolve(__dirname, '..', '..', '..', 'proto');

/** Options shared by the grpc loader and the generated types (src/generated). */
export const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: true,
  longs: String,
  enums: String,
  defaults: false,
  oneofs: true,
  includeDirs: [PROTO_DIR],
};

/** Files whose messages Pier builds or serves (proto/roots.json); the rest load through their imports. */
export const PROTO_FILES: readonly string[] = (JSON.parse(readFileSync(path.join(PROTO_DIR, 'roots.json'), 'utf8')) as { files: string[] }).files;

export interface XdsProtos {
  root: protobuf.Root;
  packageDefinition: protoLoader.PackageDefinition;
  /** Encodes a resource (plain object, `@type` Any form allowed) of the given type name. */
  encode(typeName: string, message: object): Uint8Array;
  /** Decodes bytes of the given type into a plain object (for tests and the admin API). */
  decode(typeName: string, bytes: Uint8Array): Record<string, unknown>;
}

let loaded: XdsProtos | undefined;

/** Loads once per process; later calls return the same schema. */
export function loadXdsProtos(): XdsProtos {
  if (loaded) return loaded;
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => path.join(PROTO_DIR, target);
  root.loadSync([...PROTO_FILES], { keepCase: true });
  root.resolveAll();
  const packageDefinition = protoLoader.loadSync([...PROTO_FILES], LOADER_OPTIONS);
  const types = new Map<string, protobuf.Type>();
  const typeOf = (name: string): protobuf.Type => {
    const short = name.startsWith('type.googleapis.com/') ? name.slice('type.googleapis.com/'.length) : name;
    let t = types.get(short);
    if (!t) {
      t = root.lookupType(short);
      types.set(short, t);
    }
    return t;
  };
  loaded = {
    root,
    packageDefinition,
    encode(typeName, message) {
      const type = typeOf(typeName);
      return type.encode(type.fromObject(message)).finish();
    },
    decode(typeName, bytes) {
      const type = typeOf(typeName);
      return type.toObject(type.decode(bytes), { longs: String, enums: String, bytes: String, json: true }) as Record<string, unknown>;
    },
  };
  return loaded;
}
