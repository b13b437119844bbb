/** The rate limits count in fixed windows: start a burst well inside one, not just before it ends. */
export async function awayFromWindowEnd(windowSeconds: number, needSeconds: number): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < needSeconds) await new Promise((r) => setTimeout(r, (left + 1) * 1000));
}
