/**
 * Echo pods: for each Deployment of the manifests, echo backends that answer as the suite's
 * echo-basic pods do (namespace, a pod name prefixed by the Deployment name, the request seen).
 * Each pod gets its own loopback address and listens on the echo port (3000), as a pod has its
 * own IP, so the manifests' ports and EndpointSlices work unchanged. Like echo-basic, each pod
 * also serves h2c on port 3001 and logs a line per request (what the suite's mirror checks read).
 * A container with a certificate (TLS_SERVER_CERT from a Secret volume) also serves HTTPS on
 * HTTPS_PORT. A container whose env asks echo-basic for its gRPC, TCP or UDP server runs that
 * server instead (backends/servers.ts).
 */
import { createHash } from 'node:crypto';
import { EchoBackend } from '../../src/demo/echo-backend';
import { listenHttpsEcho, type HttpsEchoTls } from './backends/https-echo';
import { startPodServer, type PodServer } from './backends/servers';
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

interface Pod {
  info: PodInfo;
  backend: PodServer;
  logs: LogLine[];
}

export class EchoPods {
  private readonly pods = new Map<string, Pod[]>();
  private nextAddress = 1;

  /**
   * @param addressPrefix first two octets of the pods' loopback addresses, e.g. "127.20".
   * @param grpcEchoProto where echo-basic's grpcecho.proto is (read when a gRPC pod starts).
   */
  constructor(private readonly addressPrefix: string, private readonly grpcEchoProto: () => string) {}

  /**
   * Starts the pods of a workload (once; later calls return the running ones). tls: the files of
   * its TLS env (w.tls), when it has one: the pods also serve TLS (HTTPS, or the TCP echo's TLS port).
   */
  async ensure(w: Workload, tls?: HttpsEchoTls): Promise<PodInfo[]> {
    const key = `${w.namespace}/${w.name}`;
    const running = this.pods.get(key);
    if (running) return running.map((p) => p.info);
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
      // The container's env may ask echo-basic for its TCP, UDP or gRPC server instead.
      const backend = (await startPodServer(w.container, info, { log, grpcEchoProto: this.grpcEchoProto, tls: tls && w.tls ? { certificate: tls, port: w.tls.port } : null }))
        ?? await this.startHttpEcho(w, info, log, tls);
      started.push({ info, backend, logs });
    }
    return started.map((p) => p.info);
  }

  private async startHttpEcho(w: Workload, info: PodInfo, log: (line: string) => void, tls: HttpsEchoTls | undefined): Promise<PodServer> {
    const backend = new EchoBackend({ service: w.name, namespace: w.namespace, pod: info.name }, { log });
    await backend.listen(info.ip, w.httpPort);
    await backend.listenH2c(info.ip, H2C_PORT);
    if (tls && w.tls) await listenHttpsEcho(backend, info.ip, w.tls.port, tls);
    return backend;
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
