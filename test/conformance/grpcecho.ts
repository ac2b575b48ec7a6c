/**
 * The gRPC echo service of the suite's echo-basic (gateway_api_conformance.echo_basic.grpcecho.GrpcEcho),
 * loaded from the upstream echo-basic/grpcecho.proto in the cached suite: what the echo pods
 * serve (backends/grpc-echo.ts) and what the suite's gRPC client calls (grpc.ts).
 */
import type * as grpc from '@grpc/grpc-js';
import { loadSync, type MethodDefinition, type ServiceDefinition } from '@grpc/proto-loader';

/** The service's package and name, as utils/grpc names them. */
export const ECHO_SERVER_PACKAGE = 'gateway_api_conformance.echo_basic.grpcecho';
export const ECHO_SERVER_SERVICE = 'GrpcEcho';
export const ECHO_SERVICE_FULL_NAME = `${ECHO_SERVER_PACKAGE}.${ECHO_SERVER_SERVICE}`;

/** The path of the proto in the module (cached with the manifests, see fetch.ts). */
export const GRPC_ECHO_PROTO = 'echo-basic/grpcecho.proto';

/** The service's methods; EchoThree is declared but echo-basic leaves it unimplemented. */
export type EchoMethod = 'Echo' | 'EchoTwo' | 'EchoThree';
export const ECHO_METHODS: readonly EchoMethod[] = ['Echo', 'EchoTwo', 'EchoThree'];

/** Messages as proto-loader decodes them (camelCase fields, defaults filled). */
export interface EchoHeader {
  key: string;
  value: string;
}

export interface EchoContext {
  namespace: string;
  ingress: string;
  serviceName: string;
  pod: string;
}

export interface EchoTLSAssertions {
  version: string;
  negotiatedProtocol: string;
  serverName: string;
  cipherSuite: string;
  peerCertificates: string[];
}

export interface EchoAssertions {
  fullyQualifiedMethod: string;
  headers: EchoHeader[];
  authority: string;
  context: EchoContext | null;
  tlsAssertions?: EchoTLSAssertions | null;
}

/** EchoRequest has no fields. */
export type EchoRequest = Record<string, never>;

export interface EchoResponse {
  assertions: EchoAssertions | null;
  request?: EchoRequest | null;
}

export type EchoMethodDefinition = MethodDefinition<EchoRequest, EchoResponse>;

/** The service definition (both sides' serializers), from the upstream proto. */
export interface GrpcEchoService {
  definition: grpc.ServiceDefinition;
  method(name: EchoMethod): EchoMethodDefinition;
}

const loaded = new Map<string, GrpcEchoService>();

/** Loads the service from the proto at protoPath (once per path). */
export function loadGrpcEchoService(protoPath: string): GrpcEchoService {
  const cached = loaded.get(protoPath);
  if (cached) return cached;
  const pkg = loadSync(protoPath, { keepCase: false, defaults: true, arrays: true, objects: false, oneofs: true });
  const def = pkg[ECHO_SERVICE_FULL_NAME] as ServiceDefinition | undefined;
  if (!def || ECHO_METHODS.some((m) => !def[m] || typeof def[m].path !== 'string')) {
    throw new Error(`${protoPath}: no service ${ECHO_SERVICE_FULL_NAME} with methods ${ECHO_METHODS.join(', ')}`);
  }
  const service: GrpcEchoService = {
    definition: def as unknown as grpc.ServiceDefinition,
    method: (name) => def[name] as unknown as EchoMethodDefinition,
  };
  loaded.set(protoPath, service);
  return service;
}

/** getFullyQualifiedMethod: "/<package>.<service>/<method>". */
export function fullyQualifiedMethod(method: EchoMethod): string {
  return `/${ECHO_SERVICE_FULL_NAME}/${method}`;
}
