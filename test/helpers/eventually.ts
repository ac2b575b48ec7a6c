/** Polls until check passes or waitMs elapse; fails with the last assertion error. Bounded in time and count. */
export async function eventually(check: () => void, what: string, waitMs = 3000, intervalMs = 5): Promise<void> {
  const deadline = Date.now() + waitMs;
  let last: unknown;
  for (let attempt = 0; attempt < 100_000 && Date.now() < deadline; attempt++) {
    try {
      check();
      return;
    } catch (err) {
      last = err;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`timed out after ${waitMs}ms waiting for ${what}: ${String(last)}`);
}
