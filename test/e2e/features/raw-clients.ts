/**
 * Clients that write the bytes themselves, for what ordinary clients cannot do: a PROXY
 * protocol header (v1 text, v2 binary) before the request, HTTP/1.0, a body sent a byte at a
 * time, a connection held open. Every call is bounded by a timeout.
 */
import * as net from 'node:net';

/** What came back on a connection until the server closed it (error: how it ended, if not cleanly). */
export interface RawReply {
  text: string;
  error?: string;
}

/** Writes payload to address:port and collects everything until the server closes the connection. */
export function rawExchange(address: string, port: number, payload: Buffer | string, timeoutMs = 15_000): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port }, () => socket.write(payload));
    let text = '';
    let error: string | undefined;
    const timer = setTimeout(() => { socket.destroy(); reject(new Error(`${address}:${port} did not close the connection (got ${JSON.stringify(text.slice(0, 200))})`)); }, timeoutMs);
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => { text += c; });
    socket.on('error', (err: NodeJS.ErrnoException) => { error = err.code ?? err.message; });
    socket.on('close', () => { clearTimeout(timer); resolve(error === undefined ? { text } : { text, error }); });
  });
}

/** A PROXY protocol v1 header (text) for a TCP/IPv4 connection from source to destination. */
export function proxyV1(source: string, sourcePort: number, destination: string, destinationPort: number): string {
  return `PROXY TCP4 ${source} ${destination} ${sourcePort} ${destinationPort}\r\n`;
}

const V2_SIGNATURE = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);

/** A PROXY protocol v2 header (binary: version 2, command PROXY, TCP over IPv4) from source to destination. */
export function proxyV2(source: string, sourcePort: number, destination: string, destinationPort: number): Buffer {
  const addresses = Buffer.alloc(12);
  Buffer.from(source.split('.').map(Number)).copy(addresses, 0);
  Buffer.from(destination.split('.').map(Number)).copy(addresses, 4);
  addresses.writeUInt16BE(sourcePort, 8);
  addresses.writeUInt16BE(destinationPort, 10);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(addresses.length);
  return Buffer.concat([V2_SIGNATURE, Buffer.from([0x21, 0x11]), length, addresses]);
}

/** A connection kept open after its first response, to see what the server does with it. */
export class HeldConnection {
  private text = '';
  private closedAt: Promise<void>;
  private readonly socket: net.Socket;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => { this.text += c; });
    socket.on('error', () => { /* seen as the close */ });
    this.closedAt = new Promise((resolve) => socket.on('close', () => resolve()));
  }

  /** Opens a connection, sends one keep-alive request and waits for its response's status line. */
  static async open(address: string, port: number, request: string, timeoutMs = 15_000): Promise<HeldConnection> {
    const socket = net.connect({ host: address, port });
    const held = new HeldConnection(socket);
    socket.write(request);
    await held.waitForText(/^HTTP\/1\.1 \d{3}/, timeoutMs);
    return held;
  }

  get received(): string {
    return this.text;
  }

  async waitForText(pattern: RegExp, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(this.text)) {
      if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms (got ${JSON.stringify(this.text.slice(0, 200))})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Whether the server closed the connection within timeoutMs. */
  async closedWithin(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), timeoutMs); });
    const closed = await Promise.race([this.closedAt.then(() => true), timedOut]);
    clearTimeout(timer);
    return closed;
  }

  write(bytes: string): void {
    this.socket.write(bytes);
  }

  close(): void {
    this.socket.destroy();
  }
}
