/**
 * The status of a _redirects rewrite whose rule names one other than 200, for the local runtime's
 * answers. Netlify answers such a rewrite with the rule's status (`/hi/*  /hi/404/index.html  404`:
 * an unknown Hindi address gets the Hindi not-found page, as a 404); @netlify/dev sends the target
 * file with its own 200. As on Netlify, an unforced rule applies only where no file is at the
 * address (a function's path is answered before any rule, here as there). Only the rules the site
 * writes this way are read: a path, or a path ending in `/*`, with no conditions.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';

interface StatusRule {
  /** The path, or the prefix before `*`. */
  from: string;
  splat: boolean;
  status: number;
}

function statusRules(dist: string): StatusRule[] {
  const file = join(dist, '_redirects');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([from, , status, ...conditions]) => from?.startsWith('/') && /^[45]\d\d$/.test(status ?? '') && !conditions.length)
    .map(([from, , status]) => ({ from: from!.replace(/\*$/, ''), splat: from!.endsWith('*'), status: Number(status) }));
}

/** Whether a file answers `path` (as the static handler looks: the path, its index.html, its .html). */
function hasFile(dist: string, path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  const base = normalize(join(dist, decoded));
  if (!base.startsWith(normalize(dist))) return false;
  const isFile = (candidate: string) => existsSync(candidate) && statSync(candidate).isFile();
  return isFile(base) || isFile(join(base, 'index.html')) || isFile(`${base.replace(/\/$/, '')}.html`);
}

/** For a request the emulator answered through a rewrite: the status its rule names, when not 200. */
export function rewriteStatus(root: string): (pathname: string) => number | undefined {
  const dist = join(root, 'dist');
  const rules = statusRules(dist);
  return (pathname) => {
    const rule = rules.find((r) => (r.splat ? pathname.startsWith(r.from) : pathname === r.from));
    return rule && !hasFile(dist, pathname) ? rule.status : undefined;
  };
}
