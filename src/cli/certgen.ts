/**
 * `pier certgen`: the files for mTLS on the xDS port.
 *   pier certgen --dir DIR [--san NAME|IP ...]      CA (kept if DIR has one) + Pier's serving certificate
 *   pier certgen --dir DIR --gateway NS/NAME ...    a proxy certificate per Gateway, signed by DIR's CA
 * Prints the files written; never their contents.
 */
import { parseArgs } from 'node:util';
import { isIP } from 'node:net';
import type { CommandIO } from './translate';
import { gatewayKeyProblem, gatewayIdentityUri, XDS_SERVER_URI } from '../security/identity';
import { generateGatewayFiles, generateServerFiles } from '../security/tls-dir';

export const CERTGEN_USAGE = `Usage:
  pier certgen --dir DIR [--san NAME|IP ...]
  pier certgen --dir DIR --gateway NAMESPACE/NAME [--gateway ...]

The first form creates a CA in DIR (ca.crt, ca.key; an existing CA is kept) and issues Pier's
xDS serving certificate (server.crt, server.key) for ${XDS_SERVER_URI}, localhost,
127.0.0.1, ::1 and every --san (a DNS name or an IP address). Run it again to rotate the serving
certificate: a running Pier picks it up without restart.

The second form issues a proxy's client certificate for one Gateway, signed by DIR's CA:
NAMESPACE_NAME.crt and NAMESPACE_NAME.key, with the URI SAN spiffe://pier.dev/gateway/NAMESPACE/NAME.
A proxy presenting it may ask Pier only for that Gateway (node.cluster "NAMESPACE/NAME").

Serve with: pier serve --xds-tls-dir DIR
Keys are written readable by their owner only (0600).
`;

const FLAGS = {
  dir: { type: 'string' },
  san: { type: 'string', multiple: true },
  gateway: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

function usageError(io: CommandIO, message: string): number {
  io.stderr.write(`pier certgen: ${message}\n(see pier certgen --help)\n`);
  return 2;
}

export async function runCertgen(args: string[], io: CommandIO = process): Promise<number> {
  let values;
  try {
    values = parseArgs({ args, options: FLAGS, allowPositionals: false }).values;
  } catch (err) {
    return usageError(io, (err as Error).message);
  }
  if (values.help) {
    io.stdout.write(CERTGEN_USAGE);
    return 0;
  }
  const dir = values.dir;
  if (!dir) return usageError(io, '--dir DIR is required');
  const gateways = values.gateway ?? [];
  const sans = values.san ?? [];
  if (gateways.length > 0 && sans.length > 0) return usageError(io, '--san is for the serving certificate; --gateway issues proxy certificates: use one or the other');
  for (const san of sans) {
    if (!isIP(san) && !/^(\*\.)?[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(san)) {
      return usageError(io, `--san "${san}" is neither a DNS name nor an IP address`);
    }
  }
  for (const g of gateways) {
    const problem = gatewayKeyProblem(g);
    if (problem) return usageError(io, `--gateway: ${problem}`);
  }
  try {
    if (gateways.length === 0) {
      const { written, reusedCa } = await generateServerFiles(dir, sans);
      io.stdout.write(reusedCa ? `kept the CA in ${dir}\n` : `created a CA in ${dir}\n`);
      for (const f of written) io.stdout.write(`wrote ${f}\n`);
    } else {
      for (const g of gateways) {
        const files = await generateGatewayFiles(dir, g);
        io.stdout.write(`wrote ${files.cert} and ${files.key} (${gatewayIdentityUri(g)})\n`);
      }
    }
  } catch (err) {
    io.stderr.write(`pier certgen: ${(err as Error).message}\n`);
    return 1;
  }
  return 0;
}
