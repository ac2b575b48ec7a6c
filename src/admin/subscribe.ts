/** The gRPC face of the event stream: pier.admin.v1.Admin/Subscribe, served on the xDS port. */
import * as grpc from '@grpc/grpc-js';
import type { SubscribeRequest__Output } from '../generated/pier/admin/v1/SubscribeRequest';
import type { Event } from '../generated/pier/admin/v1/Event';
import type { EventPublisher } from './events';

export const ADMIN_SERVICE = 'pier.admin.v1.Admin';

/**
 * scope: the Gateway a caller may watch (undefined: any); it throws a gRPC status for a caller
 * that may watch none. clock: the events' time.
 */
export function adminServiceHandlers(
  publisher: EventPublisher,
  scope: (call: grpc.ServerWritableStream<SubscribeRequest__Output, Event>) => string | undefined,
  clock: () => Date = () => new Date(),
): grpc.UntypedServiceImplementation {
  return {
    Subscribe: (call: grpc.ServerWritableStream<SubscribeRequest__Output, Event>) => {
      const refuse = (code: grpc.status, details: string): void => void call.emit('error', { code, details });
      let gateway = call.request.gateway ?? '';
      if (gateway && !/^[^/\s]+\/[^/\s]+$/.test(gateway)) return refuse(grpc.status.INVALID_ARGUMENT, `gateway: "${gateway}" is not "namespace/name"`);
      try {
        const allowed = scope(call);
        if (allowed !== undefined) {
          if (gateway && gateway !== allowed) return refuse(grpc.status.PERMISSION_DENIED, `this certificate may watch Gateway ${allowed} only, not ${gateway}`);
          gateway = allowed;
        }
      } catch (err) {
        const e = err as { code?: grpc.status; message: string };
        return refuse(e.code ?? grpc.status.PERMISSION_DENIED, e.message);
      }
      let index = 0;
      const end = publisher.subscribe(gateway, {
        write: (payload) => {
          const ms = clock().getTime();
          index += 1;
          return call.write({ index: String(index), time: { seconds: String(Math.floor(ms / 1000)), nanos: (ms % 1000) * 1e6 }, ...payload });
        },
        onDrain: (callback) => call.once('drain', callback),
        end: () => call.end(),
      });
      for (const ended of ['cancelled', 'close', 'error', 'finish']) call.once(ended, end);
    },
  };
}
