/**
 * The files of the repository's starting content (starting-content/<part>/: sample pictures,
 * clippings, PDFs) at /starting/<part>/<file> under `astro dev`, and starting-content/site/ at the
 * site's root, as a build has them (the build copies them: scripts/postbuild.ts). The data files
 * beside them (JSON, TypeScript, Markdown) are read by the code, never served.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const SOURCE = 'starting-content';
const BASE = '/starting/';
const SITE_PART = 'site';
const DATA = new Set(['.json', '.ts', '.md']);
const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
};

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
          // starting-content/site/ is the site's root (the link preview's picture), the other parts are under /starting/.
          const inPart = path.startsWith(BASE)
            ? path.slice(BASE.length)
            : /^\/[^/]+$/.test(path)
              ? `${SITE_PART}${path}`
              : undefined;
          if (!inPart || !served(path)) return next();
          const source = join(root, SOURCE);
          const file = normalize(join(source, inPart));
          if (
            !file.startsWith(source + sep) ||
            !(await stat(file).then(
              (s) => s.isFile(),
              () => false,
            ))
          )
            return next();
          res.setHeader('Content-Type', TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
          createReadStream(file).pipe(res);
        });
      },
    },
  };
}
