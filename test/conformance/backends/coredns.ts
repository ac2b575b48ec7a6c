/**
 * A stand-in for the CoreDNS pod of the suite's base manifests: it reads the Corefile the pod
 * mounts (from the manifests' ConfigMap) and serves its server blocks, over UDP and TCP on each
 * block's port, with the plugins that Corefile uses: `whoami` (the client's address in an A or
 * AAAA record and its port and transport in an SRV record, both in the additional section),
 * `forward` (the query relayed to the upstreams in turn, SERVFAIL when none answers), `log` (a
 * line per query in the pod's log) and `errors`. Any other plugin is refused with an error naming
 * it: the stand-in never answers for a configuration it does not implement.
 */
import * as dgram from 'node:dgram';
import * as net from 'node:net';
import * as dnsPacket from 'dns-packet';
import { bindSocket } from './listen';

export interface CorefileDirective {
  plugin: string;
  args: string[];
  line: number;
}

export interface ServerBlock {
  /** Zones, lower case, with a trailing dot ("." for the root). */
  zones: string[];
  port: number;
  directives: CorefileDirective[];
}

const DEFAULT_DNS_PORT = 53;
/** Plugins this stand-in implements. */
const SUPPORTED_PLUGINS = new Set(['whoami', 'forward', 'log', 'errors']);
/** forward's per-upstream wait before trying the next one. */
const FORWARD_TIMEOUT_MS = 2000;

function fqdn(name: string): string {
  const lower = name.toLowerCase();
  return lower.endsWith('.') ? lower : `${lower}.`;
}

/** A server block key: [dns://]zone[:port]. */
function parseKey(key: string, line: number): { zone: string; port: number } {
  let rest = key;
  const scheme = /^([a-z]+):\/\//.exec(rest);
  if (scheme) {
    if (scheme[1] !== 'dns') throw new Error(`Corefile line ${line}: server block ${key}: only dns:// is served`);
    rest = rest.slice(scheme[0].length);
  }
  const colon = rest.lastIndexOf(':');
  const zone = colon < 0 ? rest : rest.slice(0, colon);
  const port = colon < 0 ? DEFAULT_DNS_PORT : Number(rest.slice(colon + 1));
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`Corefile line ${line}: server block ${key}: bad port`);
  return { zone: fqdn(zone || '.'), port };
}

/** Parses a Corefile (server blocks of plugin directives; nested option blocks are kept out of args). */
export function parseCorefile(text: string): ServerBlock[] {
  const tokens: { word: string; line: number }[] = [];
  text.split('\n').forEach((raw, i) => {
    const content = raw.replace(/#.*$/, '');
    for (const word of content.match(/[{}]|[^\s{}]+/g) ?? []) tokens.push({ word, line: i + 1 });
  });
  const blocks: ServerBlock[] = [];
  let i = 0;
  while (i < tokens.length) {
    const keys: { word: string; line: number }[] = [];
    while (i < tokens.length && tokens[i].word !== '{') keys.push(tokens[i++]);
    if (i >= tokens.length) throw new Error(`Corefile line ${keys[0]?.line ?? 0}: server block without "{"`);
    i++;
    const parsedKeys = keys.flatMap((k) => k.word.split(',').filter(Boolean).map((w) => parseKey(w, k.line)));
    if (parsedKeys.length === 0) throw new Error(`Corefile line ${tokens[i - 1].line}: server block without a zone`);
    const ports = new Set(parsedKeys.map((k) => k.port));
    if (ports.size !== 1) throw new Error(`Corefile line ${keys[0].line}: one server block on several ports`);
    const directives: CorefileDirective[] = [];
    while (i < tokens.length && tokens[i].word !== '}') {
      const line = tokens[i].line;
      const words: string[] = [];
      while (i < tokens.length && tokens[i].line === line && tokens[i].word !== '{' && tokens[i].word !== '}') words.push(tokens[i++].word);
      if (i < tokens.length && tokens[i].word === '{') {
        // A plugin's option block: skipped to its "}" (no plugin served here takes options we read).
        let depth = 0;
        do {
          if (tokens[i].word === '{') depth++;
          else if (tokens[i].word === '}') depth--;
          i++;
        } while (i < tokens.length && depth > 0);
      }
      if (words.length > 0) directives.push({ plugin: words[0], args: words.slice(1), line });
    }
    if (i >= tokens.length) throw new Error(`Corefile: server block ${keys.map((k) => k.word).join(' ')} is not closed`);
    i++;
    for (const d of directives) {
      if (!SUPPORTED_PLUGINS.has(d.plugin)) throw new Error(`Corefile line ${d.line}: plugin "${d.plugin}" is not served by the replay's CoreDNS stand-in (it serves ${[...SUPPORTED_PLUGINS].join(', ')})`);
    }
    blocks.push({ zones: parsedKeys.map((k) => k.zone), port: [...ports][0], directives });
  }
  return blocks;
}

function inZone(name: string, zone: string): boolean {
  return zone === '.' || name === zone || name.endsWith(`.${zone}`);
}

/** The block serving a name on a port: the one with the longest matching zone, as CoreDNS picks. */
export function blockFor(blocks: readonly ServerBlock[], port: number, qname: string): ServerBlock | undefined {
  let best: { block: ServerBlock; length: number } | undefined;
  for (const block of blocks) {
    if (block.port !== port) continue;
    for (const zone of block.zones) if (inZone(qname, zone) && (!best || zone.length > best.length)) best = { block, length: zone.length };
  }
  return best?.block;
}

/** dns-packet decodes rcode and opcode names that its type definitions leave out. */
export type DecodedDns = dnsPacket.DecodedPacket & { rcode?: string; opcode?: string };

const RCODES: Readonly<Record<string, number>> = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 };
const OPCODES: Readonly<Record<string, number>> = { QUERY: 0, IQUERY: 1, STATUS: 2, NOTIFY: 4, UPDATE: 5 };

/** miekg/dns SetReply: same id, opcode, question, RD and CD; the given rcode. */
function replyTo(query: DecodedDns, rcode: keyof typeof RCODES, authoritative = false): dnsPacket.Packet {
  const opcode = OPCODES[query.opcode ?? 'QUERY'] ?? 0;
  let flags = (opcode << 11) | RCODES[rcode];
  if (query.flag_rd) flags |= dnsPacket.RECURSION_DESIRED;
  if (query.flag_cd) flags |= dnsPacket.CHECKING_DISABLED;
  if (authoritative) flags |= dnsPacket.AUTHORITATIVE_ANSWER;
  return { type: 'response', id: query.id, flags, questions: query.questions?.slice(0, 1) ?? [], answers: [], authorities: [], additionals: [] };
}

export interface DnsClient {
  address: string;
  port: number;
  proto: 'udp' | 'tcp';
}

/** The whoami plugin's answer. */
export function whoamiReply(query: dnsPacket.DecodedPacket, client: DnsClient): dnsPacket.Packet {
  const reply = replyTo(query, 'NOERROR', true);
  const q = query.questions?.[0];
  const qname = (q?.name ?? '').toLowerCase();
  const qclass = q?.class ?? 'IN';
  const v4 = net.isIPv4(client.address);
  reply.additionals = [
    v4
      ? { type: 'A', name: qname, class: qclass, ttl: 0, data: client.address }
      : { type: 'AAAA', name: qname, class: qclass, ttl: 0, data: client.address },
    { type: 'SRV', name: qname === '' ? `_${client.proto}` : `_${client.proto}.${qname}`, class: qclass, ttl: 0, data: { priority: 0, weight: 0, port: client.port, target: '.' } },
  ];
  return reply;
}

/** forward's upstream: host[:port] or dns://host[:port]. */
function upstreamOf(to: string): { host: string; port: number } {
  const plain = to.replace(/^dns:\/\//, '');
  if (/^[a-z]+:\/\//.test(plain)) throw new Error(`forward to ${to}: only plain DNS upstreams are served`);
  const m = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(plain);
  if (!m || !net.isIP(m[1])) throw new Error(`forward to ${to}: not an IP address`);
  return { host: m[1], port: m[2] ? Number(m[2]) : DEFAULT_DNS_PORT };
}

function exchangeUdp(query: Buffer, host: string, port: number, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    const done = (err: Error | null, msg?: Buffer): void => {
      clearTimeout(timer);
      socket.close();
      if (err) reject(err);
      else resolve(msg as Buffer);
    };
    const timer = setTimeout(() => done(new Error(`no answer from ${host}:${port} in ${timeoutMs}ms`)), timeoutMs);
    socket.on('error', (err) => done(err));
    socket.on('message', (msg) => {
      if (msg.length >= 2 && msg.readUInt16BE(0) === query.readUInt16BE(0)) done(null, msg);
    });
    socket.send(query, port, host);
  });
}

export class CoreDnsServer {
  requests = 0;
  private readonly udp: dgram.Socket[] = [];
  private readonly tcp: net.Server[] = [];
  private readonly connections = new Set<net.Socket>();

  constructor(private readonly blocks: readonly ServerBlock[], private readonly log: (line: string) => void) {
    for (const block of blocks) {
      for (const d of block.directives) if (d.plugin === 'forward') for (const to of d.args.slice(1)) upstreamOf(to);
    }
  }

  /** Answers one query; null when it cannot be read (CoreDNS drops those). */
  async answer(raw: Buffer, port: number, client: DnsClient): Promise<Buffer | null> {
    let query: DecodedDns;
    try {
      query = dnsPacket.decode(raw);
    } catch {
      return null;
    }
    if (query.type !== 'query') return null;
    this.requests++;
    const started = process.hrtime.bigint();
    const q = query.questions?.[0];
    const qname = fqdn(q?.name || '.');
    const block = blockFor(this.blocks, port, qname);
    let out: Buffer;
    if (!block) {
      out = dnsPacket.encode(replyTo(query, 'REFUSED'));
    } else {
      out = await this.serve(block, query, raw, qname, client);
    }
    if (block?.directives.some((d) => d.plugin === 'log')) {
      const decoded: DecodedDns = dnsPacket.decode(out);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      this.log(`[INFO] ${client.address}:${client.port} - ${query.id ?? 0} "${q?.type ?? '-'} ${q?.class ?? '-'} ${qname} ${client.proto} ${raw.length} false 512" ${decoded.rcode ?? ''} ${seconds.toFixed(6)}s`);
    }
    return out;
  }

  /** The block's plugins in CoreDNS's fixed plugin order (whoami before forward), not the Corefile's. */
  private async serve(block: ServerBlock, query: dnsPacket.DecodedPacket, raw: Buffer, qname: string, client: DnsClient): Promise<Buffer> {
    if (block.directives.some((d) => d.plugin === 'whoami')) return dnsPacket.encode(whoamiReply(query, client));
    const forward = block.directives.find((d) => d.plugin === 'forward' && d.args.length >= 2 && inZone(qname, fqdn(d.args[0])));
    if (forward) {
      for (const to of forward.args.slice(1)) {
        const { host, port } = upstreamOf(to);
        try {
          return await exchangeUdp(raw, host, port, FORWARD_TIMEOUT_MS);
        } catch (err) {
          if (block.directives.some((d) => d.plugin === 'errors')) this.log(`[ERROR] plugin/errors: 2 ${qname} ${query.questions?.[0]?.type ?? ''}: ${(err as Error).message}`);
        }
      }
    }
    return dnsPacket.encode(replyTo(query, 'SERVFAIL'));
  }

  /** Listens on every block's port, UDP and TCP, at the pod's address. */
  async listen(host: string): Promise<void> {
    for (const port of new Set(this.blocks.map((b) => b.port))) {
      const udp = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
      udp.on('message', (msg, from) => {
        void this.answer(msg, port, { address: from.address, port: from.port, proto: 'udp' }).then((out) => {
          if (out) udp.send(out, from.port, from.address);
        });
      });
      udp.on('error', () => {});
      await bindSocket(udp, port, host);
      this.udp.push(udp);
      const tcp = net.createServer((socket) => this.serveTcp(socket, port));
      await bindSocket(tcp, port, host);
      this.tcp.push(tcp);
    }
  }

  /** DNS over TCP: each message behind its two-byte length. */
  private serveTcp(socket: net.Socket, port: number): void {
    this.connections.add(socket);
    socket.on('close', () => this.connections.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const msg = buffered.subarray(2, 2 + buffered.readUInt16BE(0));
        buffered = buffered.subarray(2 + msg.length);
        void this.answer(Buffer.from(msg), port, { address: socket.remoteAddress ?? '', port: socket.remotePort ?? 0, proto: 'tcp' }).then((out) => {
          if (!out || socket.destroyed) return;
          const length = Buffer.alloc(2);
          length.writeUInt16BE(out.length);
          socket.write(Buffer.concat([length, out]));
        });
      }
    });
  }

  async close(): Promise<void> {
    for (const c of this.connections) c.destroy();
    await Promise.all([
      ...this.udp.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
      ...this.tcp.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
    ]);
  }
}
