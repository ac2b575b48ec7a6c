/** A bounded request to Envoy's admin endpoints (e.g. GET /ready): the status code, or 0 when it cannot be had. */
import * as http from 'node:http';

export function adminRequest(url: string, timeoutMs: number, method: 'GET' | 'POST' = 'GET'): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(url, { method, agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}
