/**
 * Netlify's Image CDN (/.netlify/images) as the local runtime answers it, where @netlify/dev's
 * emulator (ipx over sharp) differs from Netlify:
 *
 * - a request naming no format (`fm`): Netlify picks a modern one the browser's Accept takes, WebP
 *   first, then AVIF; the emulator would keep the source's format. Such a request is given the
 *   format Netlify would pick, so pages see here what they get there;
 * - Netlify keeps each transformation on its CDN and transforms once; the emulator would encode
 *   again for every request (a second of a core for a large photo). Answers are kept in memory by
 *   their address, as the sources never change under one (an uploaded picture's id, a gallery
 *   photo's key, a starting file of this build).
 */
import type { IncomingMessage } from 'node:http';

export const IMAGE_CDN_PATH = '/.netlify/images';

/** The address as Netlify reads it: `fm` set to the format it would pick by `accept` when none is named. */
export function imageCdnTarget(target: string, accept: string | undefined): string {
  const address = new URL(target, 'http://localhost');
  if (address.searchParams.has('fm')) return target;
  const format = /image\/webp/.test(accept ?? '') ? 'webp' : /image\/avif/.test(accept ?? '') ? 'avif' : undefined;
  if (!format) return target;
  address.searchParams.set('fm', format);
  return address.pathname + address.search;
}

interface Kept {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** At most this many bytes of transformed pictures are kept; the oldest go first. */
const KEEP_BYTES = 64 * 1024 * 1024;

export class ImageCdnCache {
  readonly #kept = new Map<string, Kept>();
  #bytes = 0;

  /** The kept answer to a GET or HEAD of `req`'s address (already rewritten by imageCdnTarget), if any. */
  answer(req: IncomingMessage): Response | undefined {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const kept = this.#kept.get(req.url ?? '');
    return (
      kept &&
      new Response(req.method === 'HEAD' ? null : new Uint8Array(kept.body), {
        status: kept.status,
        headers: kept.headers,
      })
    );
  }

  /** Keeps a transformed picture (a 200 to a GET) and gives the same answer back. */
  async keep(req: IncomingMessage, response: Response): Promise<Response> {
    if (req.method !== 'GET' || response.status !== 200) return response;
    const body = Buffer.from(await response.arrayBuffer());
    const kept: Kept = { status: response.status, headers: [...response.headers], body };
    this.#kept.set(req.url ?? '', kept);
    this.#bytes += body.byteLength;
    for (const [key, old] of this.#kept) {
      if (this.#bytes <= KEEP_BYTES) break;
      this.#kept.delete(key);
      this.#bytes -= old.body.byteLength;
    }
    return new Response(new Uint8Array(body), { status: kept.status, headers: kept.headers });
  }
}
