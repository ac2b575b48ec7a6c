// Original file: proto/envoy/extensions/compression/brotli/compressor/v3/brotli.proto

import type { UInt32Value as _google_protobuf_UInt32Value, UInt32Value__Output as _google_protobuf_UInt32Value__Output } from '../../../../../../google/protobuf/UInt32Value';

// Original file: proto/envoy/extensions/compression/brotli/compressor/v3/brotli.proto

export const _envoy_extensions_compression_brotli_compressor_v3_Brotli_EncoderMode = {
  DEFAULT: 'DEFAULT',
  GENERIC: 'GENERIC',
  TEXT: 'TEXT',
  FONT: 'FONT',
} as const;

export type _envoy_extensions_compression_brotli_compressor_v3_Brotli_EncoderMode =
  | 'DEFAULT'
  | 0
  | 'GENERIC'
  | 1
  | 'TEXT'
  | 2
  | 'FONT'
  | 3

export type _envoy_extensions_compression_brotli_compressor_v3_Brotli_EncoderMode__Output = typeof _envoy_extensions_compression_brotli_compressor_v3_Brotli_EncoderMode[keyof typeof _envoy_extensions_compression_brotli_compressor_v3_Brotli_EncoderMode]

export interface Brotli {
  'quality'?: (_google_protobuf_UInt32Value | null);
  'encoder_mode'?: (_envoy_extensions_compression_brotli_compressor_v3_Brotli_EncoderMode);
  'window_bits'?: (_google_protobuf_UInt32Value | null);
  'input_block_bits'?: (_google_protobuf_UInt32Value | null);
  'chunk_size'?: (_google_protobuf_UInt32Value | null);
  'disable_literal_context_modeling'?: (boolean);
}

export interface Brotli__Output {
  'quality'?: (_google_protobuf_UInt32Value__Output);
  'encoder_mode'?: (_envoy_extensions_compression_brotli_compressor_v3_Brotli_EncoderMode__Output);
  'window_bits'?: (_google_protobuf_UInt32Value__Output);
  'input_block_bits'?: (_google_protobuf_UInt32Value__Output);
  'chunk_size'?: (_google_protobuf_UInt32Value__Output);
  'disable_literal_context_modeling'?: (boolean);
}
