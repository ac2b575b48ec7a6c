// Original file: proto/envoy/extensions/compression/zstd/compressor/v3/zstd.proto

import type { UInt32Value as _google_protobuf_UInt32Value, UInt32Value__Output as _google_protobuf_UInt32Value__Output } from '../../../../../../google/protobuf/UInt32Value';
import type { DataSource as _envoy_config_core_v3_DataSource, DataSource__Output as _envoy_config_core_v3_DataSource__Output } from '../../../../../../envoy/config/core/v3/DataSource';

// Original file: proto/envoy/extensions/compression/zstd/compressor/v3/zstd.proto

export const _envoy_extensions_compression_zstd_compressor_v3_Zstd_Strategy = {
  DEFAULT: 'DEFAULT',
  FAST: 'FAST',
  DFAST: 'DFAST',
  GREEDY: 'GREEDY',
  LAZY: 'LAZY',
  LAZY2: 'LAZY2',
  BTLAZY2: 'BTLAZY2',
  BTOPT: 'BTOPT',
  BTULTRA: 'BTULTRA',
  BTULTRA2: 'BTULTRA2',
} as const;

export type _envoy_extensions_compression_zstd_compressor_v3_Zstd_Strategy =
  | 'DEFAULT'
  | 0
  | 'FAST'
  | 1
  | 'DFAST'
  | 2
  | 'GREEDY'
  | 3
  | 'LAZY'
  | 4
  | 'LAZY2'
  | 5
  | 'BTLAZY2'
  | 6
  | 'BTOPT'
  | 7
  | 'BTULTRA'
  | 8
  | 'BTULTRA2'
  | 9

export type _envoy_extensions_compression_zstd_compressor_v3_Zstd_Strategy__Output = typeof _envoy_extensions_compression_zstd_compressor_v3_Zstd_Strategy[keyof typeof _envoy_extensions_compression_zstd_compressor_v3_Zstd_Strategy]

export interface Zstd {
  'compression_level'?: (_google_protobuf_UInt32Value | null);
  'enable_checksum'?: (boolean);
  'strategy'?: (_envoy_extensions_compression_zstd_compressor_v3_Zstd_Strategy);
  'dictionary'?: (_envoy_config_core_v3_DataSource | null);
  'chunk_size'?: (_google_protobuf_UInt32Value | null);
}

export interface Zstd__Output {
  'compression_level'?: (_google_protobuf_UInt32Value__Output);
  'enable_checksum'?: (boolean);
  'strategy'?: (_envoy_extensions_compression_zstd_compressor_v3_Zstd_Strategy__Output);
  'dictionary'?: (_envoy_config_core_v3_DataSource__Output);
  'chunk_size'?: (_google_protobuf_UInt32Value__Output);
}
