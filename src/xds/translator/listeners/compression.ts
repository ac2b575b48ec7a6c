/**
 * ClientPolicy compression (IR ClientSettings.compression) as Envoy compressor filters, one per
 * algorithm in the user's order. Envoy picks the encoding by the client's Accept-Encoding
 * q-values; on a tie the filter with choose_first wins (the first algorithm's), and between the
 * others the client's order decides (Envoy has no finer preference). Response direction only:
 * request bodies are passed on as the client sent them.
 */
import type { CompressionLibrary, CompressionSettings } from '../../../ir/client-compression';
import type { Compressor } from '../../../generated/envoy/extensions/filters/http/compressor/v3/Compressor';
import type { HttpFilter } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import { typedConfig } from '../../types';

const COMPRESSOR_FILTER = 'envoy.filters.http.compressor';
const COMPRESSOR_TYPE = 'envoy.extensions.filters.http.compressor.v3.Compressor';
const LIBRARY_TYPE: Readonly<Record<CompressionLibrary, string>> = {
  gzip: 'envoy.extensions.compression.gzip.compressor.v3.Gzip',
  brotli: 'envoy.extensions.compression.brotli.compressor.v3.Brotli',
  zstd: 'envoy.extensions.compression.zstd.compressor.v3.Zstd',
};

/** The compressor filters ("envoy.filters.http.compressor/<algorithm>"), none without settings. */
export function compressorHttpFilters(compression: CompressionSettings | undefined): HttpFilter[] {
  if (!compression) return [];
  return compression.algorithms.map((library, i) => {
    const common: NonNullable<NonNullable<Compressor['response_direction_config']>['common_config']> = {};
    if (compression.minContentLength !== undefined) common.min_content_length = { value: compression.minContentLength };
    if (compression.contentTypes !== undefined) common.content_type = compression.contentTypes;
    const config: Compressor = {
      // The library's name roots its stats: <stat_prefix>.compressor.<name>.
      compressor_library: { name: library, typed_config: typedConfig(LIBRARY_TYPE[library], {}) },
      response_direction_config: { common_config: common },
    };
    if (i === 0) config.choose_first = true;
    return { name: `${COMPRESSOR_FILTER}/${library}`, typed_config: typedConfig(COMPRESSOR_TYPE, config) };
  });
}
