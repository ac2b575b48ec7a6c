/**
 * Loopback backends for the feature tests, one kind per protocol: an HTTP recorder (for
 * mirrors), a gRPC echo service (JSON payloads: Envoy never looks inside gRPC messages), a TLS
 * server that names itself, a TCP echo and a UDP echo. All bind 127.0.0.1 on an ephemeral port.
 */
import * as dgram from 'node:dgram';
import * as http from 'node:http';
import * as net from 'node:net';
import * as tls from 'node:tls';
import * as grpc from '@grpc/grpc-js';

export interface Backend {
  readonly port: number;
  close(): Promise<void>;
}

// ------------------------------------------------------------------ HTTP recorder

export interface RecordedRequest {
  method: string;
  path: string;
  host: string;
  headers: http.IncomingHttpHeaders;
}

/** Records every request it receives (the mirror target), answers 200 with its name. */
export class RecordingHttpBackend implements Backend {
  readonly requests: RecordedRequest[] = [];
  private server: http.Server | undefined;
  port = 0;

  constructor(readonly name: string) {}

  async listen(): Promise<number> {
    const server = http.createServer((req, res) => {
      this.requests.push({ method: req.method ?? '', path: req.url ?? '', host: req.headers.host ?? '', headers: req.headers });
      req.resume();
      req.on('end', () => res.end(JSON.stringify({ service: this.name })));
    });
    this.server = server;
    this.port = await listenTcp(server);
    return this.port;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

// ------------------------------------------------------------------ gRPC

/** The messages are JSON; gRPC framing and HTTP/2 are real. */
const jsonCodec = {
  serialize: (value: unknown): Buffer => Buffer.from(JSON.stringify(value)),
  deserialize: (bytes: Buffer): unknown => JSON.parse(bytes.toString('utf8')),
};

export const GRPC_SERVICE = 'pier.e2e.Echo';

function unaryMethod(name: string): grpc.MethodDefinition<unknown, unknown> {
  return {
    path: `/${GRPC_SERVICE}/${name}`,
    requestStream: false,
    responseStream: false,
    requestSerialize: jsonCodec.serialize,
    requestDeserialize: jsonCodec.deserialize,
    responseSerialize: jsonCodec.serialize,
    responseDeserialize: jsonCodec.deserialize,
  };
}

const ECHO_SERVICE_DEFINITION: grpc.ServiceDefinition = { Hello: unaryMethod('Hello'), Goodbye: unaryMethod('Goodbye') };

export interface GrpcEchoReply {
  backend: string;
  method: string;
  request: unknown;
  /** The x-* metadata the backend received. */
  metadata: Record<string, string>;
}

export class GrpcEchoBackend implements Backend {
  private readonly server = new grpc.Server();
  port = 0;

  constructor(readonly name: string) {}

  async listen(): Promise<number> {
    const reply = (method: string) => (call: grpc.ServerUnaryCall<unknown, GrpcEchoReply>, callback: grpc.sendUnaryData<GrpcEchoReply>) => {
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(call.metadata.getMap())) if (k.startsWith('x-')) metadata[k] = String(v);
      callback(null, { backend: this.name, method, request: call.request, metadata });
    };
    this.server.addService(ECHO_SERVICE_DEFINITION, { Hello: reply('Hello'), Goodbye: reply('Goodbye') });
    this.port = await new Promise<number>((resolve, reject) =>
      this.server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) => (err ? reject(err) : resolve(port))));
    return this.port;
  }

  async close(): Promise<void> {
    this.server.forceShutdown();
  }
}

/** One unary call with JSON payloads; rejects with the grpc error (code, details) or after deadlineMs. */
export function grpcCall(address: string, service: string, method: string, request: unknown, opts: { deadlineMs?: number; metadata?: Record<string, string> } = {}): Promise<GrpcEchoReply> {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const metadata = new grpc.Metadata();
  for (const [k, v] of Object.entries(opts.metadata ?? {})) metadata.set(k, v);
  return new Promise<GrpcEchoReply>((resolve, reject) => {
    client.makeUnaryRequest(`/${service}/${method}`, jsonCodec.serialize, (b: Buffer) => jsonCodec.deserialize(b) as GrpcEchoReply, request, metadata,
      { deadline: Date.now() + (opts.deadlineMs ?? 2000) }, (err, reply) => (err || !reply ? reject(err ?? new Error('empty reply')) : resolve(reply)));
  }).finally(() => client.close());
}

// ------------------------------------------------------------------ TLS, TCP, UDP

/** Terminates TLS with its own certificate and writes its name, then closes. */
export class NamedTlsBackend implements Backend {
  private readonly server: tls.Server;
  port = 0;

  constructor(readonly name: string, cert: string, key: string) {
    this.server = tls.createServer({ cert, key }, (socket) => socket.end(`${name}\n`));
  }

  async listen(): Promise<number> {
    this.port = await listenTcp(this.server);
    return this.port;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Answers each chunk with "<name>:<chunk>". */
export class TcpEchoBackend implements Backend {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(readonly name: string) {
    this.server = net.createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => socket.destroy());
      socket.on('data', (chunk) => socket.write(`${name}:${chunk.toString('utf8')}`));
    });
  }

  async listen(): Promise<number> {
    this.port = await listenTcp(this.server);
    return this.port;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Answers each datagram with "<name>:<datagram>" to its sender. */
export class UdpEchoBackend implements Backend {
  private readonly socket = dgram.createSocket('udp4');
  received = 0;
  port = 0;

  constructor(readonly name: string) {
    this.socket.on('message', (msg, from) => {
      this.received++;
      this.socket.send(`${name}:${msg.toString('utf8')}`, from.port, from.address);
    });
  }

  async listen(): Promise<number> {
    this.port = await new Promise<number>((resolve, reject) => {
      this.socket.once('error', reject);
      this.socket.bind(0, '127.0.0.1', () => resolve(this.socket.address().port));
    });
    return this.port;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.socket.close(() => resolve()));
  }
}

function listenTcp(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}
