/** Chromium helpers for the content tests: a context that lets the test inject axe-core despite the CSP. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { fileURLToPath } from 'node:url';

const AXE_PATH = fileURLToPath(import.meta.resolve('axe-core/axe.min.js'));

export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: inject('baseURL'), viewport, bypassCSP: true });
  return { context, page: await context.newPage() };
}

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[]; failureSummary: string }[];
}

export async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Colours are judged at rest: let entrance animations (a toast sliding in) finish; a toast's
  // progress bar and endless animations never do, so they do not count.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => {
      const name = (a as CSSAnimation).animationName ?? '';
      return a.playState !== 'running' || /progress/i.test(name) || a.effect?.getTiming().iterations === Infinity;
    }),
  );
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    // A toast whose time ran out while axe worked fades away (or is gone by now): its colours were
    // measured mid-fade, not at rest. Any other node, a resting toast's included, still counts.
    const fading = (target: unknown[]) => {
      const el = document.querySelector(String(target[0]));
      const toast = el?.closest('.Toastify__toast');
      if (!el) return true;
      return (
        !!toast &&
        (toast
          .getAnimations()
          .some((a) => a.playState === 'running' && !/progress/i.test((a as CSSAnimation).animationName ?? '')) ||
          getComputedStyle(toast).opacity !== '1')
      );
    };
    return result.violations
      .map((v) => ({ ...v, nodes: v.id === 'color-contrast' ? v.nodes.filter((n) => !fading(n.target)) : v.nodes }))
      .filter((v) => v.nodes.length)
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      }));
  });
}

/** What a page fails of the accessibility bar (axe violations, horizontal scroll), one line each, prefixed with `what`. */
export async function accessibilityFailures(page: Page, what: string): Promise<string[]> {
  const failures = (await runAxe(page)).map(
    (v) =>
      `${what}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) failures.push(`${what}: horizontal scroll of ${overflow}px`);
  return failures;
}
