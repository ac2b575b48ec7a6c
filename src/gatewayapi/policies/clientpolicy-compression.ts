/** ClientPolicy spec.compression as the IR's compression settings (the CRD schema checked its shape). */
import type { Compression, CompressionAlgorithm } from '../../apis/pier-clientpolicy';
import type { CompressionLibrary, CompressionSettings } from '../../ir/client-compression';

const LIBRARY: Readonly<Record<CompressionAlgorithm, CompressionLibrary>> = { Gzip: 'gzip', Brotli: 'brotli', Zstd: 'zstd' };

export function compressionSettings(compression: Compression): CompressionSettings {
  // A repeated algorithm keeps its first place (the schema refuses repeats; this keeps Envoy safe from them).
  const algorithms = [...new Set(compression.algorithms.map((a) => LIBRARY[a]))];
  const out: CompressionSettings = { algorithms };
  if (compression.minContentLength !== undefined) out.minContentLength = compression.minContentLength;
  if (compression.contentTypes !== undefined) out.contentTypes = [...new Set(compression.contentTypes.map((t) => t.toLowerCase()))];
  return out;
}
