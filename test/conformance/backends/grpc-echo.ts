/**
 * echo-basic in gRPC mode (GRPC_ECHO_SERVER set; echo-basic/grpc/grpc.go): the GrpcEcho service
 * of the upstream proto over plaintext HTTP/2 on HTTP_PORT. Echo and EchoTwo answer with the
 * assertions the suite's client checks (the fully qualified method, every metadata entry as a
 * header with :authority first, the :authority, and the pod's context from its environment);
 * EchoThree stays unimplemented (UNIMPLEMENTED), as upstream. Like echo-basic, one log line per
 * call ("Received over plaintext: ..."). With a certificate (TLS_SERVER_CERT, TLS_SERVER_PRIV_KEY),
 * the same service over TLS on HTTPS_PORT too, as echo-basic since v0.1.0 (the BackendTLSPolicy
 * GRPCRoute test's backend); its answers there leave out echo-basic's TLS assertions, which no
 * transcribed test reads.
 */
import * as grpc from '@grpc/grpc-js';
import { fullyQualifiedMethod, type EchoContext, type EchoHeader, type EchoMethod, type EchoRequest, type EchoResponse, type GrpcEchoService } from '../grpcecho';

export interface GrpcEchoOptions {
  log?: (line: string) => void;
}

export class GrpcEchoServer {
  private readonly server = new grpc.Server();
  requests = 0;

  constructor(service: GrpcEchoService, private readonly context: EchoContext, private readonly options: GrpcEchoOptions = {}) {
    const answer = (method: EchoMethod) => (call: grpc.ServerUnaryCall<EchoRequest, EchoResponse>, callback: grpc.sendUnaryData<EchoResponse>): void => {
      this.requests++;
      callback(null, this.echo(method, call));
    };
    // EchoThree is not given: grpc-js answers it UNIMPLEMENTED, as the Go server's embedded
    // UnimplementedGrpcEchoServer does.
    this.server.addService(service.definition, { Echo: answer('Echo'), EchoTwo: answer('EchoTwo') });
  }

  async listen(host: string, port: number): Promise<void> {
    await new Promise<number>((resolve, reject) => {
      this.server.bindAsync(`${host}:${port}`, grpc.ServerCredentials.createInsecure(), (err, bound) => (err ? reject(err) : resolve(bound)));
    });
  }

  async listenTls(host: string, port: number, cert: { certPem: string; keyPem: string }): Promise<void> {
    const credentials = grpc.ServerCredentials.createSsl(null, [{ cert_chain: Buffer.from(cert.certPem), private_key: Buffer.from(cert.keyPem) }], false);
    await new Promise<number>((resolve, reject) => {
      this.server.bindAsync(`${host}:${port}`, credentials, (err, bound) => (err ? reject(err) : resolve(bound)));
    });
  }

  async close(): Promise<void> {
    this.server.forceShutdown();
  }

  private echo(method: EchoMethod, call: grpc.ServerUnaryCall<EchoRequest, EchoResponse>): EchoResponse {
    this.options.log?.(`Received over plaintext: ${JSON.stringify(call.request ?? {})}`);
    const authority = call.getHost();
    // grpc-go puts :authority into the incoming metadata; grpc-js keeps pseudo-headers out of it.
    const headers: EchoHeader[] = [{ key: ':authority', value: authority }];
    for (const [key, values] of Object.entries(call.metadata.toJSON())) {
      for (const v of values) headers.push({ key, value: Buffer.isBuffer(v) ? v.toString('base64') : String(v) });
    }
    return {
      assertions: { fullyQualifiedMethod: fullyQualifiedMethod(method), headers, authority, context: this.context },
    };
  }
}
