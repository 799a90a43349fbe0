/**
 * Retries an assertion until it holds or `timeoutMs` passes (then throws its last error): the page
 * reacts to a key press in its own time (a state update, a focus moved in an effect, a transition).
 */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
