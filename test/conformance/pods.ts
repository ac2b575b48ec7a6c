/**
 * Echo pods: for each Deployment of the manifests, echo backends that answer as the suite's
 * echo-basic pods do (namespace, a pod name prefixed by the Deployment name, the request seen).
 * Each pod gets its own loopback address and listens on the echo port (3000), as a pod has its
 * own IP, so the manifests' ports and EndpointSlices work unchanged. Like echo-basic, each pod
 * also serves h2c on port 3001 and logs a line per request (what the suite's mirror checks read).
 * The pods of a Deployment whose echo-basic has GRPC_ECHO_SERVER set serve the gRPC echo
 * service on that port instead (backends/grpc-echo.ts), as echo-basic does in that mode.
 * A container with a certificate (TLS_SERVER_CERT from a Secret volume) also serves HTTPS on
 * HTTPS_PORT; one with TCP_ECHO_SERVER runs echo-basic's TCP echo server instead (plain on
 * TCP_PORT, TLS on TLS_PORT).
 */
import { createHash } from 'node:crypto';
import { EchoBackend } from '../../src/demo/echo-backend';
import { GrpcEchoServer } from './backends/grpc-echo';
import { TcpEchoServer } from './backends/tcp-echo';
import { loadGrpcEchoService } from './grpcecho';
import type { PodInfo, Workload } from './manifests';

/** Kubernetes' name suffix alphabet (no vowels, no look-alike digits). */
const SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
const MAX_REPLICAS = 2;
/** echo-basic's H2C_PORT default. */
const H2C_PORT = 3001;

/** One line of a pod's log, with when it was written (the suite reads logs since a time). */
export interface LogLine {
  at: number;
  line: string;
}

function suffix(seed: string, length: number): string {
  const digest = createHash('sha256').update(seed).digest();
  let out = '';
  for (let i = 0; i < length; i++) out += SUFFIX_ALPHABET[digest[i] % SUFFIX_ALPHABET.length];
  return out;
}

/** "<deployment>-<replicaset hash>-<pod hash>", the shape the suite's weight test parses. */
export function podName(deployment: string, namespace: string, index: number): string {
  return `${deployment}-${suffix(`${namespace}/${deployment}`, 10)}-${suffix(`${namespace}/${deployment}/${index}`, 5)}`;
}

/** What runs in a pod: echo-basic in one of its modes. */
interface PodServer {
  requests: number;
  close(): Promise<void>;
}

interface Pod {
  info: PodInfo;
  backend: PodServer;
  logs: LogLine[];
}

/** A container env entry's value in a pod (the fieldRefs echo-basic's manifests use). */
function envValue(entry: Workload['env'][string] | undefined, pod: PodInfo): string {
  if (!entry) return '';
  if ('value' in entry) return entry.value;
  if (entry.fieldPath === 'metadata.name') return pod.name;
  if (entry.fieldPath === 'metadata.namespace') return pod.namespace;
  return '';
}

/** A Secret's value (decoded), as the pod's secret volume would show it; undefined when there is none. */
export type SecretReader = (namespace: string, name: string, key: string) => string | undefined;

/** A pod's serving certificate and key (PEM), from its secret volume. */
interface CertificateFiles {
  certPem: string;
  keyPem: string;
}

export class EchoPods {
  private readonly pods = new Map<string, Pod[]>();
  private nextAddress = 1;

  /**
   * @param addressPrefix first two octets of the pods' loopback addresses, e.g. "127.20".
   * @param grpcEchoProto where echo-basic's grpcecho.proto is (read when a gRPC pod starts).
   * @param readSecret the Secrets' contents, for pods that mount a certificate.
   */
  constructor(
    private readonly addressPrefix: string,
    private readonly grpcEchoProto: () => string,
    private readonly readSecret: SecretReader = () => undefined,
  ) {}

  /** Starts the pods of a workload (once; later calls return the running ones). */
  async ensure(w: Workload): Promise<PodInfo[]> {
    const key = `${w.namespace}/${w.name}`;
    const running = this.pods.get(key);
    if (running) return running.map((p) => p.info);
    const tls = this.certificateOf(w);
    const started: Pod[] = [];
    this.pods.set(key, started);
    for (let i = 0; i < Math.max(1, Math.min(w.replicas, MAX_REPLICAS)); i++) {
      const ip = this.allocateAddress();
      const info: PodInfo = { name: podName(w.name, w.namespace, i), namespace: w.namespace, ip, labels: w.podLabels, httpPort: w.httpPort };
      const logs: LogLine[] = [];
      const log = (line: string): void => {
        logs.push({ at: Date.now(), line });
        if (logs.length > 20_000) logs.splice(0, 10_000);
      };
      const backend = w.tcpEcho ? await this.startTcpEcho(w, info, tls)
        : w.server === 'grpc' ? await this.startGrpcEcho(w, info, log)
        : await this.startHttpEcho(w, info, log, tls);
      started.push({ info, backend, logs });
    }
    return started.map((p) => p.info);
  }

  private async startHttpEcho(w: Workload, info: PodInfo, log: (line: string) => void, tls: CertificateFiles | null): Promise<PodServer> {
    const backend = new EchoBackend({ service: w.name, namespace: w.namespace, pod: info.name }, { log });
    await backend.listen(info.ip, w.httpPort);
    await backend.listenH2c(info.ip, H2C_PORT);
    if (tls && w.tls) await backend.listenHttps(info.ip, w.tls.port, tls);
    return backend;
  }

  /** echo-basic's TCP echo mode: plain on TCP_PORT, TLS on TLS_PORT when it has a certificate. */
  private async startTcpEcho(w: Workload, info: PodInfo, tls: CertificateFiles | null): Promise<PodServer> {
    const server = new TcpEchoServer({ namespace: w.namespace, pod: info.name, tcpPort: String(w.httpPort), tlsPort: String(w.tls?.port ?? 8443) });
    await server.listen(info.ip, w.httpPort);
    if (tls && w.tls) await server.listenTls(info.ip, w.tls.port, tls);
    return server;
  }

  /** echo-basic's gRPC mode: its pod context comes from NAMESPACE, INGRESS_NAME, SERVICE_NAME, POD_NAME. */
  private async startGrpcEcho(w: Workload, info: PodInfo, log: (line: string) => void): Promise<PodServer> {
    const context = {
      namespace: envValue(w.env.NAMESPACE, info),
      ingress: envValue(w.env.INGRESS_NAME, info),
      serviceName: envValue(w.env.SERVICE_NAME, info),
      pod: envValue(w.env.POD_NAME, info),
    };
    const server = new GrpcEchoServer(loadGrpcEchoService(this.grpcEchoProto()), context, { log });
    await server.listen(info.ip, w.httpPort);
    return server;
  }

  /** The certificate and key the workload's secret volume holds (a pod without them would not start: an error). */
  private certificateOf(w: Workload): CertificateFiles | null {
    if (!w.tls) return null;
    const certPem = this.readSecret(w.namespace, w.tls.secretName, w.tls.certKey);
    const keyPem = this.readSecret(w.namespace, w.tls.secretName, w.tls.keyKey);
    if (!certPem || !keyPem) throw new Error(`pods of ${w.namespace}/${w.name}: Secret ${w.tls.secretName} with ${w.tls.certKey} and ${w.tls.keyKey} not applied`);
    return { certPem, keyPem };
  }

  matching(namespace: string, selector: Record<string, string>): PodInfo[] {
    const out: PodInfo[] = [];
    for (const list of this.pods.values()) {
      for (const { info } of list) {
        if (info.namespace !== namespace) continue;
        if (Object.entries(selector).every(([k, v]) => info.labels[k] === v)) out.push(info);
      }
    }
    return out.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Pods of one Deployment. */
  of(namespace: string, deployment: string): PodInfo[] {
    return (this.pods.get(`${namespace}/${deployment}`) ?? []).map((p) => p.info);
  }

  /** kubernetes.DumpEchoLogs: the log lines since a time of every pod labelled app=<app>. */
  logs(namespace: string, app: string, since: number): string[] {
    const out: string[] = [];
    for (const list of this.pods.values()) {
      for (const pod of list) {
        if (pod.info.namespace === namespace && pod.info.labels.app === app) out.push(...pod.logs.filter((l) => l.at >= since).map((l) => l.line));
      }
    }
    return out;
  }

  requestsServed(): number {
    let n = 0;
    for (const list of this.pods.values()) for (const p of list) n += p.backend.requests;
    return n;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.pods.values()].flat().map((p) => p.backend.close()));
    this.pods.clear();
  }

  private allocateAddress(): string {
    const n = this.nextAddress++;
    if (n > 250 * 250) throw new Error('out of pod addresses');
    return `${this.addressPrefix}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  }
}
