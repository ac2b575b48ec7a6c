/** `pier version`: this command's version and, when one answers, the running Pier's. */
import { parseArgs } from 'node:util';
import { pierVersion } from '../../cmd/version';
import { AdminClient, AdminUnavailable, OPS_FLAGS, formatData, outputFormat } from './client';

export async function runVersion(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: OPS_FLAGS, allowPositionals: false });
  if (values.help) {
    process.stdout.write('Usage: pier version [--admin-address HOST:PORT] [-o table|json|yaml]\n');
    return 0;
  }
  const format = outputFormat(values.output);
  const client = new AdminClient(values['admin-address']);
  const server = await client.get<{ version: string; node: string }>('/version').catch((err: unknown) => {
    if (err instanceof AdminUnavailable) return { error: err.message };
    throw err;
  });
  if (format !== 'table') {
    process.stdout.write(formatData({ client: { version: pierVersion(), node: process.version }, server, adminAddress: client.address }, format));
    return 0;
  }
  process.stdout.write(`pier ${pierVersion()}\n`);
  if ('version' in server) process.stdout.write(`server: pier ${server.version} (node ${server.node}) at ${client.address}\n`);
  else if (values['admin-address']) process.stdout.write(`server: ${server.error}\n`);
  return 0;
}
