/** `pier config-dump --gateway NS/NAME`: the xDS resources a proxy of that Gateway gets, keys redacted. */
import { parseArgs } from 'node:util';
import { AdminClient, DEFAULT_ADMIN_ADDRESS, OPS_FLAGS, formatData, outputFormat } from './client';

export const CONFIG_DUMP_USAGE = `Usage: pier config-dump --gateway NS/NAME [--admin-address HOST:PORT] [-o yaml|json]

The listeners, routes, clusters, endpoints and secrets Pier serves the proxies of a Gateway,
as Envoy receives them, with private keys redacted. --admin-address defaults to ${DEFAULT_ADMIN_ADDRESS}.
`;

export const CONFIG_DUMP_FLAGS = { ...OPS_FLAGS, gateway: { type: 'string', short: 'g' } } as const;

export async function runConfigDump(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: CONFIG_DUMP_FLAGS, allowPositionals: false });
  if (values.help) {
    process.stdout.write(CONFIG_DUMP_USAGE);
    return 0;
  }
  const format = outputFormat(values.output, ['yaml', 'json']) as 'yaml' | 'json';
  const gateway = values.gateway;
  if (!gateway || !/^[^/]+\/[^/]+$/.test(gateway)) throw new Error('--gateway NS/NAME is required (e.g. --gateway default/eg); `pier proxies` lists the Gateways');
  const client = new AdminClient(values['admin-address']);
  const all = await client.get<Record<string, unknown>>(`/xds?gateway=${encodeURIComponent(gateway)}`);
  const resources = all[gateway];
  if (resources === undefined) {
    const known = Object.keys(await client.get<Record<string, unknown>>('/xds'));
    throw new Error(`Pier serves no Gateway ${gateway}${known.length > 0 ? ` (it serves ${known.join(', ')})` : ' (it serves none yet)'}`);
  }
  process.stdout.write(formatData({ gateway, ...(resources as object) }, format));
  return 0;
}
