"""Decodes a zstd stream (a response body Envoy compressed) from stdin to stdout."""
import sys

import zstandard

with zstandard.ZstdDecompressor().stream_reader(sys.stdin.buffer) as reader:
    sys.stdout.buffer.write(reader.read())
