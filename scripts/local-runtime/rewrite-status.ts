/**
 * What Netlify does with a _redirects rewrite (a rule whose status is not a redirect's) where
 * @netlify/dev differs, for the local runtime's answers:
 *
 * - a rule names the answer's status: `/hi/*  /hi/404/index.html  404` gives an unknown Hindi address
 *   the Hindi not-found page as a 404; the emulator sends the target with its 200;
 * - an unforced rule does not apply where a file is at the address: the file is served with its own
 *   path's _headers (each page's Content-Security-Policy); the emulator serves the file, but with the
 *   headers of the rule's target.
 *
 * Only the rules the site writes are read: a path, or a path ending in `/*`, with no conditions. A
 * function's path is answered before any rule, here as there.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';

interface RewriteRule {
  /** The path, or the prefix before `*`. */
  from: string;
  splat: boolean;
  status: number;
  force: boolean;
}

export interface Rewrite {
  /** A file answers the address: served as itself, the rule left aside. */
  fileAtAddress: boolean;
  /** The status the rule names, when it applies and is not 200. */
  status?: number;
}

function rewriteRules(dist: string): RewriteRule[] {
  const file = join(dist, '_redirects');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(
      ([from, to, status, ...conditions]) =>
        from?.startsWith('/') && to && /^[245]\d\d!?$/.test(status ?? '') && !conditions.length,
    )
    .map(([from, , status]) => ({
      from: from!.replace(/\*$/, ''),
      splat: from!.endsWith('*'),
      status: Number(status!.replace('!', '')),
      force: status!.endsWith('!'),
    }));
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

/** For a request the emulator answered through a rewrite: whether its rule applies, and with what status. */
export function rewriteOf(root: string): (pathname: string) => Rewrite {
  const dist = join(root, 'dist');
  const rules = rewriteRules(dist);
  return (pathname) => {
    const rule = rules.find((r) =>
      r.splat ? pathname.startsWith(r.from) || `${pathname}/` === r.from : pathname === r.from,
    );
    if (!rule) return { fileAtAddress: false };
    if (!rule.force && hasFile(dist, pathname)) return { fileAtAddress: true };
    return { fileAtAddress: false, status: rule.status === 200 ? undefined : rule.status };
  };
}
