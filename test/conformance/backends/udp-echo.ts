/**
 * The UDP server of the suite's echo-basic (UDP_ECHO_SERVER, echo-basic/udpechoserver): every
 * datagram (read into a 1024-byte buffer, as upstream) is answered with one JSON datagram, the
 * request as received and the pod's identity.
 */
import * as dgram from 'node:dgram';
import { bindSocket } from './listen';
import type { EchoContext } from './tcp-echo';

/** udpechoserver's read buffer: longer datagrams are cut there. */
const READ_BUFFER = 1024;

/** udpechoserver.EchoResponse as JSON, in its field order. */
export function udpEchoPayload(request: Buffer, context: EchoContext): Buffer {
  return Buffer.from(JSON.stringify({ request: request.subarray(0, READ_BUFFER).toString('utf8'), ...context }));
}

export class UdpEchoServer {
  requests = 0;
  private readonly socket = dgram.createSocket('udp4');

  constructor(private readonly context: EchoContext, private readonly port: number) {
    this.socket.on('message', (msg, from) => {
      this.requests++;
      this.socket.send(udpEchoPayload(msg, this.context), from.port, from.address);
    });
    // A send to a client gone away must not end the pod.
    this.socket.on('error', () => {});
  }

  listen(host: string): Promise<void> {
    return bindSocket(this.socket, this.port, host);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}
