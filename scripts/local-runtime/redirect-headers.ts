/**
 * The _headers rules of a path, for the local runtime's redirect answers. @netlify/dev applies
 * _headers only to files it serves, so its redirects (the language redirect of `/`) would go out
 * without the Vary and Cache-Control the rules of `/` give them on Netlify. Read with the
 * emulator's own handler (the same version @netlify/dev uses), so the rules mean the same.
 */
import { join } from 'node:path';
import { HeadersHandler } from '@netlify/headers';

export type HeadersOfPath = (url: string, collect: (key: string, value: string) => void) => Promise<void>;

export function redirectHeaders(root: string): HeadersOfPath {
  const handler = new HeadersHandler({
    projectDir: root,
    publishDir: 'dist',
    configPath: join(root, 'netlify.toml'),
    logger: { error: (message: string) => console.error(message) } as ConstructorParameters<
      typeof HeadersHandler
    >[0]['logger'],
  });
  return async (url, collect) => {
    await handler.apply(new Request(url), undefined, collect);
  };
}
