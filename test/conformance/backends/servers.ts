/**
 * Which servers a pod runs, decided as its container decides: echo-basic runs only its TCP
 * server when TCP_ECHO_SERVER is set (TCP_PORT, default 3000; TLS on TLS_PORT too when it has a
 * certificate), only its gRPC server when GRPC_ECHO_SERVER is set (HTTP_PORT; TLS on HTTPS_PORT too when
 * it has a certificate), only its UDP server when
 * UDP_ECHO_SERVER is set (UDP_PORT, default 8080), and HTTP otherwise (pods.ts). null: the pod is
 * an HTTP echo pod.
 */
import type { CertPair } from '../certs';
import { loadGrpcEchoService } from '../grpcecho';
import type { ContainerSpec, PodInfo } from '../manifests';
import { GrpcEchoServer } from './grpc-echo';
import { TcpEchoServer, type EchoContext } from './tcp-echo';
import { UdpEchoServer } from './udp-echo';

/** What pods.ts keeps of a running server. */
export interface PodServer {
  readonly requests: number;
  close(): Promise<void>;
}

/** What some servers need besides the container: the gRPC proto, the certificate TLS is served with. */
export interface PodServerContext {
  log: (line: string) => void;
  /** Where echo-basic's grpcecho.proto is (read when a gRPC pod starts). */
  grpcEchoProto: () => string;
  /** The certificate and the port TLS is served on, when the container has one. */
  tls: { certificate: CertPair; port: number } | null;
}

/** The container's environment as the pod sees it (fieldRefs resolved). */
export function podEnv(container: ContainerSpec, pod: PodInfo): Map<string, string> {
  const fields: Record<string, string> = { 'metadata.name': pod.name, 'metadata.namespace': pod.namespace };
  const env = new Map<string, string>();
  for (const e of container.env) {
    const value = e.value ?? (e.fieldPath !== undefined ? fields[e.fieldPath] : undefined);
    if (value !== undefined) env.set(e.name, value);
  }
  return env;
}

function portFrom(env: Map<string, string>, name: string, fallback: number): number {
  const text = env.get(name);
  if (!text) return fallback;
  if (!/^\d+$/.test(text)) throw new Error(`non-integer value in ${name}: ${text}`);
  return Number(text);
}

/** Starts the pod's non-HTTP server, or returns null for echo-basic's default HTTP mode. */
export async function startPodServer(container: ContainerSpec, pod: PodInfo, ctx: PodServerContext): Promise<PodServer | null> {
  const env = podEnv(container, pod);
  const context: EchoContext = { namespace: env.get('NAMESPACE') ?? '', ingress: env.get('INGRESS_NAME') ?? '', service: env.get('SERVICE_NAME') ?? '', pod: env.get('POD_NAME') ?? '' };
  if (env.get('TCP_ECHO_SERVER')) {
    const tcpPort = portFrom(env, 'TCP_PORT', 3000);
    const server = new TcpEchoServer({ ...context, tcpPort: String(tcpPort), tlsPort: env.get('TLS_PORT') || '8443' });
    await server.listen(pod.ip, tcpPort);
    if (ctx.tls) await server.listenTls(pod.ip, ctx.tls.port, ctx.tls.certificate);
    return server;
  }
  if (env.get('GRPC_ECHO_SERVER')) {
    const grpcContext = { namespace: context.namespace, ingress: context.ingress, serviceName: context.service, pod: context.pod };
    const server = new GrpcEchoServer(loadGrpcEchoService(ctx.grpcEchoProto()), grpcContext, { log: ctx.log });
    await server.listen(pod.ip, portFrom(env, 'HTTP_PORT', 3000));
    if (ctx.tls) await server.listenTls(pod.ip, ctx.tls.port, ctx.tls.certificate);
    return server;
  }
  if (env.get('UDP_ECHO_SERVER')) {
    const server = new UdpEchoServer(context, portFrom(env, 'UDP_PORT', 8080));
    await server.listen(pod.ip);
    return server;
  }
  return null;
}
