/** Response compression of one HTTP listener in the IR (ClientSettings.compression). */

export type CompressionLibrary = 'gzip' | 'brotli' | 'zstd';

export interface CompressionSettings {
  /** In preference order (the first wins when the client's q-values tie); each once. */
  algorithms: CompressionLibrary[];
  /** Absent: Envoy's default (30 bytes). */
  minContentLength?: number;
  /** Absent: Envoy's default list of compressible media types. */
  contentTypes?: string[];
}
