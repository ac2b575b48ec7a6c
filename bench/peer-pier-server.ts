/**
 * Pier's side of the peer benchmark: the xDS server as `pier serve` runs it (SnapshotCache,
 * ProxyRegistry, XdsServer) in its own process, serving the push fixture on 127.0.0.1 and driven
 * over stdin exactly like the go-control-plane peer (see lib/server-process.ts for the protocol).
 * An update goes the way the pipeline publishes endpoints: cache.setResources with the gateway's
 * resources, one assignment replaced.
 *   node peer-pier-server.js <fixture.json>   (a PushFixture as JSON)
 * Two more commands profile the process (V8 CPU profile through the inspector):
 * "profile-start" -> "profiling", "profile-stop <file.cpuprofile>" -> "profiled <file>".
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { createInterface } from 'node:readline';
import { silentLogger } from '../src/logging/logger';
import { SnapshotCache } from '../src/xds/cache/cache';
import { loadXdsProtos } from '../src/xds/proto';
import { ProxyRegistry } from '../src/xds/server/registry';
import { XdsServer } from '../src/xds/server/server';
import { withAssignment, type PushFixture } from './lib/push-fixture';
import { memoryAfterGc } from './lib/stats';

async function main(): Promise<void> {
  const fixturePath = process.argv[2];
  if (!fixturePath) throw new Error('usage: peer-pier-server.js <fixture.json>');
  const fixture = JSON.parse(readFileSync(fixturePath, 'utf8')) as PushFixture;
  loadXdsProtos();
  const logger = silentLogger();
  const cache = new SnapshotCache({ logger });
  const registry = new ProxyRegistry();
  const server = new XdsServer({ cache, registry, logger });
  let current = fixture.base;
  cache.setResources(fixture.gateway, current);
  const port = await server.listen('127.0.0.1:0');
  const reply = (line: string): void => { process.stdout.write(`${line}\n`); };
  const cpuNs = (): bigint => { const u = process.cpuUsage(); return BigInt(u.user + u.system) * 1000n; };
  reply(`listening ${port}`);

  // Connected on the first profile-start only: a run without profiling has no inspector session.
  let inspector: Session | undefined;
  const post = (method: string): Promise<unknown> => new Promise((resolve, reject) => {
    if (!inspector) {
      inspector = new Session();
      inspector.connect();
    }
    inspector.post(method, (err, result) => (err ? reject(err) : resolve(result)));
  });

  const input = createInterface({ input: process.stdin });
  for await (const line of input) {
    const [command, arg] = line.trim().split(/\s+/);
    switch (command) {
      case 'update': {
        const k = Number(arg);
        const assignment = fixture.updates[k];
        if (!Number.isInteger(k) || !assignment) throw new Error(`bad update "${line}" (fixture has ${fixture.updates.length})`);
        const cpu = cpuNs();
        const started = process.hrtime.bigint();
        current = withAssignment(current, assignment);
        cache.setResources(fixture.gateway, current);
        reply(`applied ${k} ${started} ${cpu}`);
        break;
      }
      case 'cpu':
        reply(`cpu ${cpuNs()}`);
        break;
      case 'streams':
        reply(`streams ${server.streamCount}`);
        break;
      case 'profile-start':
        await post('Profiler.enable');
        await post('Profiler.start');
        reply('profiling');
        break;
      case 'profile-stop': {
        if (!arg) throw new Error('profile-stop needs a file');
        const { profile } = await post('Profiler.stop') as { profile: object };
        writeFileSync(arg, JSON.stringify(profile));
        reply(`profiled ${arg}`);
        break;
      }
      case 'mem': {
        const m = await memoryAfterGc();
        reply(`mem ${m.rss} ${m.heapUsed}`);
        break;
      }
      case undefined:
      case '':
        break;
      default:
        throw new Error(`unknown command "${line}"`);
    }
  }
  await server.shutdown(1000);
  cache.close();
}

main().then(() => process.exit(0), (err: unknown) => {
  process.stderr.write(`peer-pier-server: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
