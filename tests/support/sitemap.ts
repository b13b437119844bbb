/**
 * A sitemap or sitemap index read back by a strict XML parser (Python's ElementTree on Debian's
 * python3, which the feed tests use too): a document that is not well-formed throws. Gives each
 * entry's <loc>, and for a page its <lastmod> and hreflang alternates.
 */
import { execFileSync } from 'node:child_process';

export interface SitemapEntry {
  loc: string;
  lastmod: string | null;
  /** hreflang -> href of the entry's xhtml:link alternates. */
  alternates: Record<string, string>;
}

export interface ParsedSitemap {
  /** 'urlset' (pages) or 'sitemapindex' (other sitemaps). */
  kind: string;
  entries: SitemapEntry[];
}

const SCRIPT = String.raw`
import json, sys
import xml.etree.ElementTree as ET
NS = '{http://www.sitemaps.org/schemas/sitemap/0.9}'
XHTML = '{http://www.w3.org/1999/xhtml}'
root = ET.fromstring(sys.stdin.buffer.read())
entries = []
for item in root:
    entries.append({
        'loc': item.findtext(NS + 'loc'),
        'lastmod': item.findtext(NS + 'lastmod'),
        'alternates': {l.get('hreflang'): l.get('href') for l in item.findall(XHTML + 'link')},
    })
print(json.dumps({'kind': root.tag.replace(NS, ''), 'entries': entries}))
`;

export function parseSitemap(xml: string): ParsedSitemap {
  return JSON.parse(
    execFileSync('/usr/bin/python3', ['-c', SCRIPT], { input: xml, maxBuffer: 64 * 1024 * 1024 }).toString('utf8'),
  ) as ParsedSitemap;
}
