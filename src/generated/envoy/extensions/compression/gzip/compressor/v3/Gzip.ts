// Original file: proto/envoy/extensions/compression/gzip/compressor/v3/gzip.proto

import type { UInt32Value as _google_protobuf_UInt32Value, UInt32Value__Output as _google_protobuf_UInt32Value__Output } from '../../../../../../google/protobuf/UInt32Value';

// Original file: proto/envoy/extensions/compression/gzip/compressor/v3/gzip.proto

export const _envoy_extensions_compression_gzip_compressor_v3_Gzip_CompressionLevel = {
  DEFAULT_COMPRESSION: 'DEFAULT_COMPRESSION',
  BEST_SPEED: 'BEST_SPEED',
  COMPRESSION_LEVEL_1: 'COMPRESSION_LEVEL_1',
  COMPRESSION_LEVEL_2: 'COMPRESSION_LEVEL_2',
  COMPRESSION_LEVEL_3: 'COMPRESSION_LEVEL_3',
  COMPRESSION_LEVEL_4: 'COMPRESSION_LEVEL_4',
  COMPRESSION_LEVEL_5: 'COMPRESSION_LEVEL_5',
  COMPRESSION_LEVEL_6: 'COMPRESSION_LEVEL_6',
  COMPRESSION_LEVEL_7: 'COMPRESSION_LEVEL_7',
  COMPRESSION_LEVEL_8: 'COMPRESSION_LEVEL_8',
  COMPRESSION_LEVEL_9: 'COMPRESSION_LEVEL_9',
  BEST_COMPRESSION: 'BEST_COMPRESSION',
} as const;

export type _envoy_extensions_compression_gzip_compressor_v3_Gzip_CompressionLevel =
  | 'DEFAULT_COMPRESSION'
  | 0
  | 'BEST_SPEED'
  | 1
  | 'COMPRESSION_LEVEL_1'
  | 1
  | 'COMPRESSION_LEVEL_2'
  | 2
  | 'COMPRESSION_LEVEL_3'
  | 3
  | 'COMPRESSION_LEVEL_4'
  | 4
  | 'COMPRESSION_LEVEL_5'
  | 5
  | 'COMPRESSION_LEVEL_6'
  | 6
  | 'COMPRESSION_LEVEL_7'
  | 7
  | 'COMPRESSION_LEVEL_8'
  | 8
  | 'COMPRESSION_LEVEL_9'
  | 9
  | 'BEST_COMPRESSION'
  | 9

export type _envoy_extensions_compression_gzip_compressor_v3_Gzip_CompressionLevel__Output = typeof _envoy_extensions_compression_gzip_compressor_v3_Gzip_CompressionLevel[keyof typeof _envoy_extensions_compression_gzip_compressor_v3_Gzip_CompressionLevel]

// Original file: proto/envoy/extensions/compression/gzip/compressor/v3/gzip.proto

export const _envoy_extensions_compression_gzip_compressor_v3_Gzip_CompressionStrategy = {
  DEFAULT_STRATEGY: 'DEFAULT_STRATEGY',
  FILTERED: 'FILTERED',
  HUFFMAN_ONLY: 'HUFFMAN_ONLY',
  RLE: 'RLE',
  FIXED: 'FIXED',
} as const;

export type _envoy_extensions_compression_gzip_compressor_v3_Gzip_CompressionStrategy =
  | 'DEFAULT_STRATEGY'
  | 0
  | 'FILTERED'
  | 1
  | 'HUFFMAN_ONLY'
  | 2
  | 'RLE'
  | 3
  | 'FIXED'
  | 4

export type _envoy_extensions_compression_gzip_compressor_v3_Gzip_CompressionStrategy__Output = typeof _envoy_extensions_compression_gzip_compressor_v3_Gzip_CompressionStrategy[keyof typeof _envoy_extensions_compression_gzip_compressor_v3_Gzip_CompressionStrategy]

export interface Gzip {
  'memory_level'?: (_google_protobuf_UInt32Value | null);
  'compression_level'?: (_envoy_extensions_compression_gzip_compressor_v3_Gzip_CompressionLevel);
  'compression_strategy'?: (_envoy_extensions_compression_gzip_compressor_v3_Gzip_CompressionStrategy);
  'window_bits'?: (_google_protobuf_UInt32Value | null);
  'chunk_size'?: (_google_protobuf_UInt32Value | null);
}

export interface Gzip__Output {
  'memory_level'?: (_google_protobuf_UInt32Value__Output);
  'compression_level'?: (_envoy_extensions_compression_gzip_compressor_v3_Gzip_CompressionLevel__Output);
  'compression_strategy'?: (_envoy_extensions_compression_gzip_compressor_v3_Gzip_CompressionStrategy__Output);
  'window_bits'?: (_google_protobuf_UInt32Value__Output);
  'chunk_size'?: (_google_protobuf_UInt32Value__Output);
}
