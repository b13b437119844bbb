/**
 * The local runtime's process as the benchmarks watch it: its pid (BENCH_RUNTIME_PID from
 * bench/run.ts, else the listener of the runtime's port) and its resident memory, sampled.
 */
import { readFile, readdir, readlink } from 'node:fs/promises';

async function pidListeningOn(port: number): Promise<number | undefined> {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(file, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(`:${hex}`) && cols[3] === '0A') inodes.add(cols[9]!);
    }
  }
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      const m = /^socket:\[(\d+)\]$/.exec(link);
      if (m && inodes.has(m[1]!)) return Number(pid);
    }
  }
  return undefined;
}

export async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The runtime's pid, or undefined when it cannot be found. */
export async function runtimePid(baseURL: string): Promise<number | undefined> {
  return Number(process.env.BENCH_RUNTIME_PID) || (await pidListeningOn(Number(new URL(baseURL).port)));
}

/** Samples the process's RSS every 20 ms while `work` runs: its baseline and peak. */
export async function peakRss<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; baseline: number; peak: number }> {
  const baseline = await rssBytes(pid);
  let peak = baseline;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssBytes(pid).catch(() => 0));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    return { result: await work(), baseline, peak };
  } finally {
    sampling = false;
    await sampler;
  }
}
