// Shared by the scripts that build one pinned binary into ~/.cache/pier (build-otelcol.mjs,
// build-ratelimit.mjs): their --print-bin flag, the no-op when the binary is there, and a log
// line prefix with the seconds since start.

/**
 * Handles --print-bin (print bin, exit 0 when it exists, 1 otherwise) and a binary already built
 * (exit 0); otherwise returns the script's logger.
 */
export function cachedBinary(script, bin, exists) {
  const started = Date.now();
  const log = (msg) => console.log(`[${script} +${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);
  if (process.argv.includes('--print-bin')) {
    console.log(bin);
    process.exit(exists(bin) ? 0 : 1);
  }
  if (exists(bin)) {
    log(`up to date: ${bin}`);
    process.exit(0);
  }
  return log;
}
