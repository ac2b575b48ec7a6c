/**
 * A test-only node agent: what a kubelet and a scheduler do for the Kubernetes tests, on this
 * machine, against the real API server of the test control plane.
 *
 *   const agent = await NodeAgent.start({ api: cp.api, images: conformanceImages(binDir) });
 *   // Deployments' pods are bound to the agent's Node, run as local processes in network
 *   // namespaces of their own (198.18.x.y), and reported Running and Ready; the controller
 *   // manager then makes the EndpointSlices from the Services, as in a cluster.
 *   await agent.stop();
 *
 * It registers a Node (Ready, with a Lease in kube-node-lease renewed every few seconds, so the
 * node lifecycle controller neither taints it nor evicts its pods), binds every pending pod of
 * the default scheduler to it (the pods/binding subresource: there is no scheduler), and runs
 * each pod (see container.ts, volumes.ts, network.ts). An image it has no local binary for is an
 * error on the pod's status (container waiting, reason ErrImagePull, with the image named), never
 * silence. Deleted pods are stopped within their grace period, then removed with grace 0.
 * stop() stops every process and removes the namespaces, the bridge and the files it made; a
 * test process stopped by SIGTERM, SIGINT or SIGHUP does the same synchronously on its way out
 * (../teardown.ts), and a new agent removes what an agent killed outright left behind.
 *
 * The API is polled (every pollMs), not watched: a few dozen pods on loopback, and a poll loop
 * cannot miss an event.
 */
import { chmodSync, copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, rmSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { ApiRequestError, type TestApiClient } from '../api';
import { ContainerProcess } from './container';
import { KubeletApi } from './kubelet-api';
import { PodNetwork } from './network';
import {
  containerArgv, containerEnv, imageRepository, type ConfigMap, type ContainerStatus, type KeyLookup, type LocalImage, type Pod,
  type PodCondition, type PodRuntimeInfo, type PodStatus, type Secret,
} from './pod';
import { ServiceLoadBalancer } from './load-balancer';
import { onTermination, ownedTempPrefix, removeDeadOwnersTempDirs } from '../teardown';
import { materialiseVolumes } from './volumes';
import { TcpForwarder } from './forwarder';

/** An image reference -> how it runs here; undefined when this node has no binary for it. */
export type ImageResolver = (image: string) => LocalImage | undefined;

export interface NodeAgentOptions {
  api: TestApiClient;
  images: ImageResolver;
  /** Default `pier-node-<pid>`. */
  nodeName?: string;
  /** How often the API is read. Default 250 ms. */
  pollMs?: number;
  /** Longest a deleted pod's processes get to stop (their grace period, capped). Default 5 s. */
  maxGraceMs?: number;
  /**
   * Serve Services of type LoadBalancer with ingress addresses from this IPv4 CIDR (on loopback,
   * e.g. 127.33.0.0/16; see load-balancer.ts). Default: none, such Services stay pending.
   */
  loadBalancerPool?: string;
  /**
   * The API server's --service-cluster-ip-range: ClusterIPs in it are served as kube-proxy would
   * (see load-balancer.ts), reached from the host and the pods. Default: none (not routed).
   */
  serviceClusterIPRange?: string;
  /**
   * The API server (https://127.0.0.1:PORT): pods reach it as in-cluster clients do, at
   * $KUBERNETES_SERVICE_HOST:$KUBERNETES_SERVICE_PORT, which the agent sets for every container
   * (as a kubelet does for the kubernetes Service) to a TCP forwarder on the node address (there
   * is no kube-proxy for the Service's ClusterIP). The server's certificate must name the node
   * address (see nodeAddressOf). Default: no such variables.
   */
  apiServer?: string;
}

interface RunningPod {
  pod: Pod;
  key: string;
  dir: string;
  containers: ContainerProcess[];
  ready: boolean[];
  restarts: number[];
  status: PodStatus;
  stopping: boolean;
  probeTimer?: NodeJS.Timeout;
  /** Why it is not running (unknown image, missing ConfigMap...), when it could not start. */
  failure?: string;
}

const LEASE_DURATION_SECONDS = 40;
/** The agent's directory: `pier-node-<pid>-XXXXXX` in the temp dir (see ../teardown.ts). */
const TEMP_PREFIX = 'pier-node-';
const HEARTBEAT_MS = 5_000;
const RESTART_DELAY_MS = 1_000;

const now = (): string => new Date().toISOString();
/** A Lease's renewTime is a MicroTime: RFC 3339 with six fractional digits. */
const microTime = (): string => new Date().toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

export class NodeAgent {
  readonly nodeName: string;
  private readonly pods = new Map<string, RunningPod>();
  private readonly loadBalancer?: ServiceLoadBalancer;
  /** Pods that could not start (a ConfigMap not there yet...): uid -> when to try again. */
  private readonly retryAt = new Map<string, number>();
  /** Directories the agent created on the host for mountPaths that did not exist (removed on stop). */
  private readonly createdMountDirs: string[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  /** Host binary -> its copy in the agent's directory. */
  private readonly staged = new Map<string, string>();
  private pollTimer: NodeJS.Timeout | undefined;
  private polling: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly errors: string[] = [];
  private kubelet: KubeletApi | undefined;
  private apiForwarder: TcpForwarder | undefined;
  private readonly unregisterTeardown: () => void;

  private constructor(private readonly options: NodeAgentOptions, readonly network: PodNetwork, private readonly dir: string) {
    this.nodeName = options.nodeName ?? `pier-node-${process.pid}`;
    this.unregisterTeardown = onTermination(() => this.teardownNow());
    if (options.loadBalancerPool || options.serviceClusterIPRange) {
      this.loadBalancer = new ServiceLoadBalancer({
        api: options.api, pool: options.loadBalancerPool, clusterIPRange: options.serviceClusterIPRange, device: network.bridge, note: (m) => this.note(`load balancer: ${m}`),
      });
    }
  }

  static async start(options: NodeAgentOptions): Promise<NodeAgent> {
    const network = PodNetwork.create();
    removeDeadOwnersTempDirs(TEMP_PREFIX);
    const agent = new NodeAgent(options, network, mkdtempSync(ownedTempPrefix(TEMP_PREFIX)));
    try {
      agent.kubelet = await KubeletApi.start(network.nodeAddress, (ns, name, container) => agent.logFile(ns, name, container));
      if (options.apiServer) agent.apiForwarder = await TcpForwarder.start(network.nodeAddress, new URL(options.apiServer));
      await agent.register();
      agent.timers.push(setInterval(() => { agent.heartbeat().catch((err: Error) => agent.note(`heartbeat: ${err.message}`)); }, HEARTBEAT_MS));
      agent.schedulePoll(0);
    } catch (err) {
      await agent.stop();
      throw err;
    }
    return agent;
  }

  /** The node's address (the host side of the pod bridge). */
  get nodeAddress(): string {
    return this.network.nodeAddress;
  }

  /** Errors the agent met outside any one pod (API failures), for test diagnostics. */
  get recentErrors(): readonly string[] {
    return this.errors;
  }

  /** The running pods, namespace/name -> pod IP and process ids. */
  runningPods(): Map<string, { podIP: string | undefined; pids: (number | undefined)[] }> {
    return new Map([...this.pods.values()].map((p) => [p.key, { podIP: p.status.podIP, pids: p.containers.map((c) => c.pid) }]));
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    if (this.pollTimer) clearTimeout(this.pollTimer);
    await this.polling.catch(() => undefined);
    await this.kubelet?.stop();
    this.apiForwarder?.stop();
    await Promise.all([...this.pods.values()].map((p) => this.stopProcesses(p, 2_000)));
    this.teardownNow();
  }

  /**
   * What stop() ends with, synchronous so that it can also run on a terminating signal: every
   * container killed, the load balancer's sockets closed, the pod network and the files removed.
   */
  private teardownNow(): void {
    this.unregisterTeardown();
    for (const running of this.pods.values()) {
      for (const c of running.containers) {
        if (c.pid !== undefined) try { process.kill(c.pid, 'SIGKILL'); } catch { /* gone */ }
      }
    }
    this.loadBalancer?.stop();
    this.network.remove();
    for (const d of this.createdMountDirs.splice(0).reverse()) {
      try { rmdirSync(d); } catch { /* not empty or gone: leave it */ }
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  private note(message: string): void {
    this.errors.push(`${now()} ${message}`);
    if (this.errors.length > 50) this.errors.shift();
  }

  private async register(): Promise<void> {
    const { api } = this.options;
    await api.create('/api/v1/nodes', {
      apiVersion: 'v1', kind: 'Node',
      metadata: { name: this.nodeName, labels: { 'kubernetes.io/hostname': this.nodeName, 'kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64' } },
      spec: {},
    });
    await this.heartbeat();
  }

  /** Node status (Ready, addresses, capacity) and the Lease the node lifecycle controller reads. */
  private async heartbeat(): Promise<void> {
    const { api } = this.options;
    const t = now();
    const condition = (type: string, status: 'True' | 'False', reason: string, message: string): Record<string, string> =>
      ({ type, status, reason, message, lastHeartbeatTime: t, lastTransitionTime: t });
    const capacity = { cpu: '2', memory: '8Gi', pods: '250', 'ephemeral-storage': '20Gi' };
    await api.patch(`/api/v1/nodes/${this.nodeName}/status`, {
      status: {
        conditions: [
          condition('Ready', 'True', 'KubeletReady', 'the Pier test node agent is running'),
          condition('MemoryPressure', 'False', 'KubeletHasSufficientMemory', ''),
          condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure', ''),
          condition('PIDPressure', 'False', 'KubeletHasSufficientPID', ''),
        ],
        // No Hostname address: the API server would try it first to reach the kubelet API, and it resolves nowhere.
        addresses: [{ type: 'InternalIP', address: this.nodeAddress }],
        capacity, allocatable: capacity,
        daemonEndpoints: { kubeletEndpoint: { Port: this.kubelet?.port ?? 0 } },
      },
    });
    const leasePath = `/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${this.nodeName}`;
    const spec = { holderIdentity: this.nodeName, leaseDurationSeconds: LEASE_DURATION_SECONDS, renewTime: microTime() };
    try {
      await api.patch(leasePath, { spec });
    } catch (err) {
      if (!(err instanceof ApiRequestError && err.status === 404)) throw err;
      await api.create('/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases', {
        apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: this.nodeName, namespace: 'kube-node-lease' }, spec,
      });
    }
  }

  /** The log file of a running pod's container, for the kubelet API. */
  private logFile(namespace: string, name: string, container: string | undefined): string | { error: string } {
    const running = [...this.pods.values()].find((p) => p.key === `${namespace}/${name}` && !p.stopping);
    if (!running) return { error: `pod ${namespace}/${name} is not running on node ${this.nodeName}` };
    const names = running.pod.spec.containers.map((c) => c.name);
    const wanted = container ?? (names.length === 1 ? names[0] : undefined);
    if (wanted === undefined) return { error: `pod ${namespace}/${name} has several containers (${names.join(', ')}): name one` };
    const index = names.indexOf(wanted);
    const proc = running.containers[index];
    if (!proc) return { error: `container ${wanted} is not in pod ${namespace}/${name} or has not started` };
    return proc.launch.logFile;
  }

  private schedulePoll(delayMs: number): void {
    if (this.stopped) return;
    this.pollTimer = setTimeout(() => {
      this.polling = this.poll().catch((err: Error) => this.note(`poll: ${err.message}`)).finally(() => this.schedulePoll(this.options.pollMs ?? 250));
    }, delayMs);
  }

  private async poll(): Promise<void> {
    const { api } = this.options;
    await this.loadBalancer?.sync();
    const unbound = await api.get<{ items: Pod[] }>('/api/v1/pods?fieldSelector=spec.nodeName%3D');
    for (const pod of unbound.items) {
      if (pod.metadata.deletionTimestamp || (pod.spec.schedulerName ?? 'default-scheduler') !== 'default-scheduler') continue;
      await this.bind(pod);
    }
    const mine = await api.get<{ items: Pod[] }>(`/api/v1/pods?fieldSelector=${encodeURIComponent(`spec.nodeName=${this.nodeName}`)}`);
    const seen = new Set<string>();
    for (const pod of mine.items) {
      const uid = pod.metadata.uid ?? '';
      seen.add(uid);
      const running = this.pods.get(uid);
      if (pod.metadata.deletionTimestamp) {
        if (!running?.stopping) void this.terminate(pod, running);
      } else if (!running && pod.status?.phase !== 'Succeeded' && pod.status?.phase !== 'Failed' && (this.retryAt.get(uid) ?? 0) <= Date.now()) {
        await this.startPod(pod);
      }
    }
    // Gone from the API (deleted with grace 0 by someone else): stop what is left.
    for (const [uid, running] of this.pods) {
      if (!seen.has(uid) && !running.stopping) void this.terminate(undefined, running);
    }
  }

  private async bind(pod: Pod): Promise<void> {
    const ns = pod.metadata.namespace ?? 'default';
    try {
      await this.options.api.create(`/api/v1/namespaces/${ns}/pods/${pod.metadata.name}/binding`, {
        apiVersion: 'v1', kind: 'Binding', metadata: { name: pod.metadata.name, namespace: ns, uid: pod.metadata.uid },
        target: { apiVersion: 'v1', kind: 'Node', name: this.nodeName },
      });
    } catch (err) {
      // 409: bound meanwhile; 404: deleted meanwhile.
      if (!(err instanceof ApiRequestError && (err.status === 409 || err.status === 404))) throw err;
    }
  }

  private lookup(namespace: string): KeyLookup {
    return async (kind, name) => {
      const collection = kind === 'ConfigMap' ? 'configmaps' : 'secrets';
      let obj: ConfigMap | Secret;
      try {
        obj = await this.options.api.get<ConfigMap | Secret>(`/api/v1/namespaces/${namespace}/${collection}/${name}`);
      } catch (err) {
        if (err instanceof ApiRequestError && err.status === 404) return undefined;
        throw err;
      }
      if (kind === 'Secret') return Object.fromEntries(Object.entries(obj.data ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]));
      const cm = obj as ConfigMap;
      return { ...cm.data, ...Object.fromEntries(Object.entries(cm.binaryData ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')])) };
    };
  }

  private async startPod(pod: Pod): Promise<void> {
    const uid = pod.metadata.uid ?? '';
    const ns = pod.metadata.namespace ?? 'default';
    const key = `${ns}/${pod.metadata.name}`;
    const dir = path.join(this.dir, uid);
    const running: RunningPod = {
      pod, key, dir, containers: [], ready: pod.spec.containers.map(() => false), restarts: pod.spec.containers.map(() => 0),
      status: { phase: 'Pending', hostIP: this.nodeAddress, hostIPs: [{ ip: this.nodeAddress }], startTime: now() }, stopping: false,
    };
    this.pods.set(uid, running);

    const images = pod.spec.containers.map((c) => ({ container: c, image: this.options.images(c.image) }));
    const unknown = images.filter((i) => i.image === undefined).map((i) => i.container);
    if (unknown.length > 0 || (pod.spec.initContainers?.length ?? 0) > 0 || pod.spec.hostNetwork) {
      const message = pod.spec.hostNetwork ? 'hostNetwork pods are not supported by the test node agent'
        : (pod.spec.initContainers?.length ?? 0) > 0 ? 'init containers are not supported by the test node agent'
          : `the test node agent has no local binary for image ${unknown.map((c) => `"${c.image}" (container ${c.name})`).join(', ')}`;
      running.failure = message;
      await this.writeStatus(running, { phase: 'Pending', reason: unknown.length > 0 ? 'ErrImagePull' : 'Unsupported', message, waiting: unknown.length > 0 ? 'ErrImagePull' : 'CreateContainerConfigError' });
      return;
    }

    try {
      const sandbox = this.network.add(uid);
      const runtime: PodRuntimeInfo = { nodeName: this.nodeName, podIP: sandbox.address, hostIP: this.nodeAddress };
      running.status = { ...running.status, podIP: sandbox.address, podIPs: [{ ip: sandbox.address }] };
      mkdirSync(dir, { recursive: true });
      const volumes = await materialiseVolumes(pod, path.join(dir, 'volumes'), { lookup: this.lookup(ns), runtime, token: (audience, expirationSeconds) => this.token(pod, audience, expirationSeconds) });
      for (const [index, { container, image }] of images.entries()) {
        const local = image as LocalImage;
        const env = await containerEnv(pod, container, runtime, this.lookup(ns));
        const fullEnv = new Map([...Object.entries(local.env ?? {}), ['HOSTNAME', pod.metadata.name], ...this.serviceEnv(), ...env]);
        const mounts = (container.volumeMounts ?? []).map((m) => {
          const source = volumes.get(m.name);
          if (!source) throw new Error(`container ${container.name}: volumeMount ${m.name} names no volume of the pod`);
          const from = m.subPath ? path.join(source, m.subPath) : source;
          this.ensureMountPoint(m.mountPath, existsSync(from) && statSync(from).isFile());
          return { source: from, target: m.mountPath };
        });
        const hiding = mounts.find((m) => this.dir === m.target || this.dir.startsWith(`${m.target}/`));
        if (hiding) throw new Error(`container ${container.name}: mountPath ${hiding.target} would hide the node agent's own files (${this.dir})`);
        const [binary, ...args] = containerArgv(container, local, fullEnv);
        const launch = { container, netns: sandbox.netns, podIP: sandbox.address, argv: [this.stage(binary), ...args], env: fullEnv, mounts, logFile: path.join(dir, `${container.name}.log`) };
        running.containers[index] = this.launch(running, index, launch);
      }
    } catch (err) {
      // A missing ConfigMap or Secret may appear later: retry from a fresh start, as a kubelet does.
      const message = (err as Error).message;
      await this.stopProcesses(running, 0);
      this.pods.delete(uid);
      this.network.release(uid);
      this.retryAt.set(uid, Date.now() + 1_000);
      await this.writeStatus({ ...running, failure: message }, { phase: 'Pending', reason: 'CreateContainerConfigError', message, waiting: 'CreateContainerConfigError' }).catch(() => undefined);
      return;
    }
    await this.writeStatus(running);
    running.probeTimer = setInterval(() => { void this.probe(running); }, 500);
  }

  /** Starts one container; restarts it when it exits, as the pod's restartPolicy says. */
  private launch(running: RunningPod, index: number, launch: ConstructorParameters<typeof ContainerProcess>[0]): ContainerProcess {
    const proc = new ContainerProcess(launch);
    void proc.exited.then(async (exit) => {
      if (running.stopping || this.stopped) return;
      running.ready[index] = false;
      const policy = running.pod.spec.restartPolicy ?? 'Always';
      const failed = exit.code !== 0;
      if (policy === 'Always' || (policy === 'OnFailure' && failed)) {
        running.failure = `container ${launch.container.name} exited (${exit.signal ?? `code ${exit.code}`}): ${proc.tail(3)}`;
        await this.writeStatus(running).catch((err: Error) => this.note(err.message));
        await new Promise((r) => setTimeout(r, RESTART_DELAY_MS));
        if (running.stopping || this.stopped) return;
        running.restarts[index]++;
        running.failure = undefined;
        running.containers[index] = this.launch(running, index, launch);
        return;
      }
      running.status.phase = running.containers.every((c) => c.exit) ? (running.containers.some((c) => c.exit?.code !== 0) ? 'Failed' : 'Succeeded') : running.status.phase;
      await this.writeStatus(running).catch((err: Error) => this.note(err.message));
    });
    return proc;
  }

  private async probe(running: RunningPod): Promise<void> {
    if (running.stopping || this.stopped) return;
    const results = await Promise.all(running.containers.map((c) => c.probe().catch((err: Error) => err.message)));
    const ready = results.map((r) => r === true);
    if (ready.every((r, i) => r === running.ready[i])) return;
    running.ready = ready;
    await this.writeStatus(running).catch((err: Error) => this.note(`status of ${running.key}: ${err.message}`));
  }

  /** Writes the pod's status from what runs; `override` for a pod that could not start. */
  private async writeStatus(running: RunningPod, override?: { phase: 'Pending'; reason: string; message: string; waiting: string }): Promise<void> {
    const previous = new Map((running.status.conditions ?? []).map((c) => [c.type, c]));
    const condition = (type: string, ok: boolean, reason?: string): PodCondition => {
      const status = ok ? 'True' : 'False';
      const before = previous.get(type);
      return { type, status, ...(reason && !ok ? { reason } : {}), lastProbeTime: null, lastTransitionTime: before?.status === status ? before.lastTransitionTime : now() };
    };
    const started = !override && running.containers.length > 0;
    const allReady = started && running.ready.every(Boolean) && running.containers.every((c) => !c.exit);
    const containerStatuses: ContainerStatus[] = running.pod.spec.containers.map((c, i) => {
      const proc = running.containers[i];
      const state: ContainerStatus['state'] = override ? { waiting: { reason: override.waiting, message: override.message } }
        : proc?.exit ? { terminated: { exitCode: proc.exit.code ?? 137, reason: proc.exit.code === 0 ? 'Completed' : 'Error', message: running.failure, startedAt: proc.startedAt, finishedAt: proc.exit.at } }
          : { running: { startedAt: proc?.startedAt ?? now() } };
      return {
        name: c.name, image: c.image, imageID: `pier-node-agent://${c.image}`, ...(proc?.pid ? { containerID: `pier-node-agent://${proc.pid}` } : {}),
        ready: !override && running.ready[i] === true && !proc?.exit, started: !override && !!proc && !proc.exit, restartCount: running.restarts[i], state,
      };
    });
    running.status = {
      ...running.status,
      phase: override ? 'Pending' : running.status.phase === 'Pending' ? 'Running' : running.status.phase,
      ...(override ? { reason: override.reason, message: override.message } : {}),
      conditions: [
        condition('PodReadyToStartContainers', !override),
        condition('Initialized', true),
        condition('ContainersReady', allReady, 'ContainersNotReady'),
        condition('Ready', allReady, 'ContainersNotReady'),
        condition('PodScheduled', true),
      ],
      containerStatuses,
    };
    const ns = running.pod.metadata.namespace ?? 'default';
    // reason/message null: cleared once the pod runs (a merge patch removes null fields).
    const status = { ...running.status, ...(override ? {} : { reason: null, message: null }) };
    try {
      await this.options.api.patch(`/api/v1/namespaces/${ns}/pods/${running.pod.metadata.name}/status`, { metadata: { uid: running.pod.metadata.uid }, status });
    } catch (err) {
      if (err instanceof ApiRequestError && (err.status === 404 || err.status === 409)) return;
      throw err;
    }
  }

  /** The kubernetes Service's variables, as a kubelet sets them (the container's own env wins). */
  private serviceEnv(): [string, string][] {
    const f = this.apiForwarder;
    return f ? [['KUBERNETES_SERVICE_HOST', f.host], ['KUBERNETES_SERVICE_PORT', String(f.port)], ['KUBERNETES_SERVICE_PORT_HTTPS', String(f.port)]] : [];
  }

  /** A token for the pod's service account, bound to the pod (the TokenRequest API). */
  private async token(pod: Pod, audience: string | undefined, expirationSeconds: number): Promise<string> {
    const ns = pod.metadata.namespace ?? 'default';
    const sa = pod.spec.serviceAccountName ?? 'default';
    const res = await this.options.api.create<{ status: { token: string } }>(`/api/v1/namespaces/${ns}/serviceaccounts/${sa}/token`, {
      apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest',
      spec: { ...(audience ? { audiences: [audience] } : {}), expirationSeconds, boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name, uid: pod.metadata.uid } },
    });
    return res.status.token;
  }

  /**
   * The image's binary, linked (or copied) into the agent's directory: a volume mounted over its
   * home (CoreDNS mounts its ConfigMap at /root, where ~/.cache is) must not hide it.
   */
  private stage(binary: string): string {
    let staged = this.staged.get(binary);
    if (staged) return staged;
    staged = path.join(this.dir, 'bin', String(this.staged.size), path.basename(binary));
    mkdirSync(path.dirname(staged), { recursive: true });
    try {
      linkSync(binary, staged);
    } catch {
      copyFileSync(binary, staged);
      chmodSync(staged, 0o755);
    }
    this.staged.set(binary, staged);
    return staged;
  }

  /** A mountPath that does not exist on the host is created (once) so the bind mount has a target. */
  private ensureMountPoint(mountPath: string, isFile: boolean): void {
    if (existsSync(mountPath)) return;
    const missing: string[] = [];
    for (let p = isFile ? path.dirname(mountPath) : mountPath; !existsSync(p); p = path.dirname(p)) missing.unshift(p);
    mkdirSync(isFile ? path.dirname(mountPath) : mountPath, { recursive: true });
    if (isFile) {
      writeFileSync(mountPath, '');
      missing.push(mountPath);
    }
    this.createdMountDirs.push(...missing);
  }

  private async stopProcesses(running: RunningPod, graceMs: number): Promise<void> {
    running.stopping = true;
    clearInterval(running.probeTimer);
    await Promise.all(running.containers.map((c) => c.stop(graceMs)));
  }

  /** A deleted pod: its processes stop within the grace period, then the object goes with grace 0. */
  private async terminate(pod: Pod | undefined, running: RunningPod | undefined): Promise<void> {
    const uid = pod?.metadata.uid ?? running?.pod.metadata.uid ?? '';
    if (running) {
      const graceMs = Math.min((pod?.metadata.deletionGracePeriodSeconds ?? running.pod.spec.terminationGracePeriodSeconds ?? 30) * 1000, this.options.maxGraceMs ?? 5_000);
      await this.stopProcesses(running, graceMs);
      this.network.release(uid);
      rmSync(running.dir, { recursive: true, force: true });
    } else if (pod) {
      // Never started here (or started before this agent): mark it so the next poll does not retry.
      this.pods.set(uid, { pod, key: `${pod.metadata.namespace}/${pod.metadata.name}`, dir: '', containers: [], ready: [], restarts: [], status: {}, stopping: true });
    }
    const target = pod ?? running?.pod;
    if (target) {
      try {
        await this.options.api.request('DELETE', `/api/v1/namespaces/${target.metadata.namespace ?? 'default'}/pods/${target.metadata.name}`, {
          body: { apiVersion: 'v1', kind: 'DeleteOptions', gracePeriodSeconds: 0, preconditions: { uid } },
        });
      } catch (err) {
        if (!(err instanceof ApiRequestError && (err.status === 404 || err.status === 409))) this.note(`delete ${target.metadata.name}: ${(err as Error).message}`);
      }
    }
    this.pods.delete(uid);
    this.retryAt.delete(uid);
  }
}

/** The image repository (reference without tag) -> local image, for a fixed set of images. */
export function imageMap(entries: Record<string, LocalImage>): ImageResolver {
  return (image) => entries[imageRepository(image)];
}
