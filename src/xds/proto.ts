/**
 * Loads the vendored Envoy protos (proto/) once: a protobufjs Root to encode resources and a
 * grpc package definition for the discovery services. Schema only; immutable after load.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as protobuf from 'protobufjs';
import * as protoLoader from '@grpc/proto-loader';
import type * as grpc from '@grpc/grpc-js';
import { withRepeated } from './assembly';
import { isRouteTree, routeTreeBytes } from './route-tree-bytes';

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

/** The protos parsed at build time (scripts/bundle-protos.mjs), when the build made them. */
export const PROTO_BUNDLE = path.join(__dirname, 'proto-bundle.json');

function readBundle(): protobuf.INamespace | undefined {
  try {
    return JSON.parse(readFileSync(PROTO_BUNDLE, 'utf8')) as protobuf.INamespace;
  } catch {
    return undefined;
  }
}

/** Loads once per process; later calls return the same schema. */
export function loadXdsProtos(): XdsProtos {
  if (loaded) return loaded;
  const bundle = readBundle();
  let root: protobuf.Root;
  let packageDefinition: protoLoader.PackageDefinition;
  if (bundle) {
    root = protobuf.Root.fromJSON(bundle);
    root.resolveAll();
    packageDefinition = serviceDefinitions(root);
  } else {
    root = new protobuf.Root();
    root.resolvePath = (_origin, target) => path.join(PROTO_DIR, target);
    root.loadSync([...PROTO_FILES], { keepCase: true });
    root.resolveAll();
    packageDefinition = protoLoader.loadSync([...PROTO_FILES], LOADER_OPTIONS);
  }
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
  const encodeAs = (type: protobuf.Type, message: object): Uint8Array => type.encode(type.fromObject(message)).finish();
  const spliced = routeConfigurationEncoder(typeOf, encodeAs);
  loaded = {
    root,
    packageDefinition,
    encode(typeName, message) {
      const type = typeOf(typeName);
      if (type.fullName === '.envoy.config.route.v3.RouteConfiguration') return spliced(message);
      return encodeAs(type, message);
    },
    decode(typeName, bytes) {
      const type = typeOf(typeName);
      return type.toObject(type.decode(bytes), { longs: String, enums: String, bytes: String, json: true }) as Record<string, unknown>;
    },
  };
  return loaded;
}

/**
 * A RouteConfiguration encoded from its virtual hosts' and routes' bytes, each encoded once per
 * (frozen) object (the xDS translator reuses the objects of unchanged routes and virtual hosts):
 * an edit to one route of a thousand re-encodes that route and its virtual host, and copies the
 * others' bytes. Fields may come in any order
 * on the wire; the result decodes to the same message, and is the same bytes for the same input.
 */
function routeConfigurationEncoder(typeOf: (name: string) => protobuf.Type, encodeAs: (type: protobuf.Type, message: object) => Uint8Array): (message: object) => Uint8Array {
  const config = typeOf('envoy.config.route.v3.RouteConfiguration');
  const vhostType = typeOf('envoy.config.route.v3.VirtualHost');
  const routeType = typeOf('envoy.config.route.v3.Route');
  const vhostsField = config.fields.virtual_hosts!.id;
  const routesField = vhostType.fields.routes!.id;
  const routeBytes = new WeakMap<object, Uint8Array>();
  const encodeRoute = (route: object): Uint8Array => {
    let bytes = routeBytes.get(route);
    if (!bytes) {
      bytes = encodeAs(routeType, route);
      // Only frozen routes are reused as they are; others may still change.
      if (Object.isFrozen(route)) routeBytes.set(route, bytes);
    }
    return bytes;
  };
  const matcherField = vhostType.fields.matcher!.id;
  const extensionType = typeOf('xds.core.v3.TypedExtensionConfig');
  // The translator shares one input object among its trees: encoded once.
  const inputBytes = new WeakMap<object, Uint8Array>();
  const encodeInput = (input: object): Uint8Array => {
    let bytes = inputBytes.get(input);
    if (!bytes) inputBytes.set(input, (bytes = encodeAs(extensionType, input)));
    return bytes;
  };
  const vhostBytes = new WeakMap<object, Uint8Array>();
  const encodeVirtualHost = (vhost: { routes?: object[]; matcher?: unknown }): Uint8Array => {
    let bytes = vhostBytes.get(vhost);
    if (!bytes) {
      const { routes, matcher, ...rest } = vhost;
      const treeShaped = matcher !== undefined && isRouteTree(matcher);
      if (matcher !== undefined && !treeShaped) (rest as { matcher?: unknown }).matcher = matcher;
      const tree = treeShaped ? [routeTreeBytes(matcher, encodeRoute, encodeInput)] : [];
      bytes = withRepeated(withRepeated(encodeAs(vhostType, rest), routesField, (routes ?? []).map(encodeRoute)), matcherField, tree);
      if (Object.isFrozen(vhost)) vhostBytes.set(vhost, bytes);
    }
    return bytes;
  };
  return (message) => {
    const { virtual_hosts: vhosts, ...rest } = message as { virtual_hosts?: { routes?: object[]; matcher?: unknown }[] };
    return withRepeated(encodeAs(config, rest), vhostsField, (vhosts ?? []).map(encodeVirtualHost));
  };
}

/** lowerCamelCase, as grpc clients also name methods (proto-loader's originalName). */
function lowerCamel(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/**
 * The gRPC service definitions of every service in root, as @grpc/proto-loader makes them
 * (same serialization and decoding options), from the root already loaded: parsing the protos a
 * second time for proto-loader would double the start-up cost. Message definitions are left
 * out: Pier's servers and clients only use services.
 */
function serviceDefinitions(root: protobuf.Root): protoLoader.PackageDefinition {
  const out: Record<string, grpc.ServiceDefinition> = {};
  const visit = (ns: protobuf.NamespaceBase): void => {
    for (const nested of ns.nestedArray) {
      if (nested instanceof protobuf.Service) {
        const name = nested.fullName.replace(/^\./, '');
        const service: Record<string, grpc.MethodDefinition<object, object>> = {};
        for (const method of nested.methodsArray) {
          const request = method.resolvedRequestType!;
          const response = method.resolvedResponseType!;
          service[method.name] = {
            path: `/${name}/${method.name}`,
            requestStream: Boolean(method.requestStream),
            responseStream: Boolean(method.responseStream),
            requestSerialize: (value: object) => Buffer.from(request.encode(request.fromObject(value)).finish()),
            requestDeserialize: (bytes: Buffer) => request.toObject(request.decode(bytes), LOADER_OPTIONS),
            responseSerialize: (value: object) => Buffer.from(response.encode(response.fromObject(value)).finish()),
            responseDeserialize: (bytes: Buffer) => response.toObject(response.decode(bytes), LOADER_OPTIONS),
            originalName: lowerCamel(method.name),
          };
        }
        out[name] = service as grpc.ServiceDefinition;
      } else if (nested instanceof protobuf.Namespace) {
        visit(nested);
      }
    }
  };
  visit(root);
  return out as unknown as protoLoader.PackageDefinition;
}
