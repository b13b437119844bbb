/** How values read on screen. Dates are in dates.ts. */

/** An empty value as a dash, so a blank cell reads as "nothing" rather than a layout glitch. */
export const orDash = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '—' : String(value);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
