/**
 * Server configuration. Secrets always come from the environment: `npm start`,
 * `npm run dev` and the test harness generate missing ones locally (scripts/local-secrets.ts);
 * in production a missing secret is a clear error, never a default.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new ConfigError(`${name} is not set. See .env.example.`);
  return value;
}

/** A number from the environment (rate limits and the like), else the default. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isFinite(value) ? value : fallback;
}

/** The address Netlify gives the running site (URL; the local runtime sets it too), without a trailing slash; '' when unset. */
export const siteAddress = (): string => (process.env.URL ?? '').replace(/\/+$/, '');
