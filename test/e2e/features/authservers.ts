/** What the external authorization tests (HTTPRoute and listener filters) serve their checks and backends with. */
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { LOADER_OPTIONS } from '../../../src/xds/proto';

/** An HTTP server on 127.0.0.1 whose close() also ends the connections Envoy keeps open to it. */
export class TrackedHttpServer {
  readonly server: http.Server;
  private readonly sockets = new Set<Socket>();

  constructor(handler: http.RequestListener, private readonly address = '127.0.0.1') {
    this.server = http.createServer(handler);
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, this.address, resolve));
    return (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    if (!this.server.listening) return;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Envoy's envoy.service.auth.v3.Authorization service, for a gRPC authorization server. */
export function authorizationService(): grpc.ServiceDefinition {
  const definition = protoLoader.loadSync('envoy/service/auth/v3/external_auth.proto', LOADER_OPTIONS);
  const loaded = grpc.loadPackageDefinition(definition) as unknown as { envoy: { service: { auth: { v3: { Authorization: grpc.ServiceClientConstructor } } } } };
  return loaded.envoy.service.auth.v3.Authorization.service;
}
