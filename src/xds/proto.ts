/**
 * Loads the vendored Envoy protos (proto/) once: a protobufjs Root to encode resources and a
 * grpc package definition for the discovery services. Schema only; immutable after load.
 */
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

/** Files whose messages Pier builds or serves; the rest load through their imports. */
export const PROTO_FILES = [
  'envoy/service/discovery/v3/ads.proto',
  'envoy/service/listener/v3/lds.proto',
  'envoy/service/route/v3/rds.proto',
  'envoy/service/cluster/v3/cds.proto',
  'envoy/service/endpoint/v3/eds.proto',
  'envoy/service/secret/v3/sds.proto',
  'envoy/config/listener/v3/listener.proto',
  'envoy/config/route/v3/route.proto',
  'envoy/config/cluster/v3/cluster.proto',
  'envoy/config/endpoint/v3/endpoint.proto',
  'envoy/extensions/filters/network/http_connection_manager/v3/http_connection_manager.proto',
  'envoy/extensions/filters/network/tcp_proxy/v3/tcp_proxy.proto',
  'envoy/extensions/filters/udp/udp_proxy/v3/udp_proxy.proto',
  'envoy/extensions/filters/udp/udp_proxy/v3/route.proto',
  'envoy/extensions/filters/http/router/v3/router.proto',
  'envoy/extensions/transport_sockets/tls/v3/tls.proto',
  'envoy/extensions/upstreams/http/v3/http_protocol_options.proto',
  'envoy/extensions/filters/listener/tls_inspector/v3/tls_inspector.proto',
  'envoy/extensions/access_loggers/stream/v3/stream.proto',
];

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
  root.loadSync(PROTO_FILES, { keepCase: true });
  root.resolveAll();
  const packageDefinition = protoLoader.loadSync(PROTO_FILES, LOADER_OPTIONS);
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
