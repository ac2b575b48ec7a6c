/** Binding a pod's server socket: resolves once bound, rejects with the bind error (port taken, ...). */
import type * as dgram from 'node:dgram';
import type * as net from 'node:net';

export function bindSocket(socket: net.Server | dgram.Socket, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    const bound = (): void => {
      socket.off('error', reject);
      resolve();
    };
    if ('bind' in socket) socket.bind(port, host, bound);
    else socket.listen(port, host, bound);
  });
}
