/**
 * The files of the repository's starting content (starting-content/<part>/: sample pictures,
 * clippings, PDFs) on the site at /starting/<part>/<file>, where the pages and the Image CDN ask
 * for them: copied into the build's output when it is done, and served by `astro dev` as they are.
 * The data files beside them (JSON, TypeScript, Markdown) are read by the code, never served.
 */
import { createReadStream } from 'node:fs';
import { cp, readdir, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const SOURCE = 'starting-content';
const BASE = '/starting/';
const DATA = new Set(['.json', '.ts', '.md']);
const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.pdf': 'application/pdf' };

const served = (file: string) => !DATA.has(extname(file).toLowerCase());

export function startingFiles(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'starting-files',
    hooks: {
      'astro:config:setup': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(async (req, res, next) => {
          const path = decodeURIComponent((req.url ?? '').split('?')[0]!);
          if (!path.startsWith(BASE) || !served(path)) return next();
          const source = join(root, SOURCE);
          const file = normalize(join(source, path.slice(BASE.length)));
          if (!file.startsWith(source + sep) || !(await stat(file).then((s) => s.isFile(), () => false))) return next();
          res.setHeader('Content-Type', TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
          createReadStream(file).pipe(res);
        });
      },
      'astro:build:done': async ({ dir }) => {
        const source = join(root, SOURCE);
        const files = (await readdir(source, { recursive: true, withFileTypes: true })).filter((e) => e.isFile() && served(e.name));
        for (const e of files) {
          const from = join(e.parentPath, e.name);
          await cp(from, join(fileURLToPath(dir), BASE, from.slice(source.length + 1)));
        }
      },
    },
  };
}
