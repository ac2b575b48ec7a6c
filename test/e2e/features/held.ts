/** Requests a test's backend holds until the test lets them go, and how many reached each path. */
import type * as http from 'node:http';
import { waitFor } from '../../helpers/net';

export class HeldRequests {
  private readonly held: http.ServerResponse[] = [];
  /** Requests that reached each path (with its query). */
  readonly arrivals = new Map<string, number>();

  /** Counts the request at its path, and gives the path. */
  arrived(req: http.IncomingMessage): string {
    const p = req.url ?? '/';
    this.arrivals.set(p, (this.arrivals.get(p) ?? 0) + 1);
    return p;
  }

  hold(res: http.ServerResponse): void {
    this.held.push(res);
  }

  /** Answers every held request 200. */
  release(): void {
    for (const res of this.held.splice(0)) res.writeHead(200).end('released');
  }

  /** Resolves once n requests reached path. */
  until(path: string, n: number): Promise<true> {
    return waitFor(`${n} request(s) at ${path}`, () => ((this.arrivals.get(path) ?? 0) >= n ? true : undefined), { timeoutMs: 15_000, intervalMs: 20 });
  }
}
