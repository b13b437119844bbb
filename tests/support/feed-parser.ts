/**
 * A feed read back as a feed reader reads it: Python's feedparser (Debian's python3-feedparser,
 * the security review's tool), run on Debian's own python3 where apt puts it. Its HTML sanitiser is
 * turned off, so the test sees what the feed itself says, not what feedparser would clean up; each
 * title, summary and content is then read as its type says (HTML through Python's html.parser), so
 * the test sees the elements a reader would draw and the text it would show.
 */
import { execFileSync } from 'node:child_process';

/** A text of an entry as a reader gets it: its type, the elements it holds (name and attributes) and the words it shows. */
export interface FeedText {
  type: string;
  value: string;
  elements: { name: string; attrs: [string, string | null][] }[];
  text: string;
}

export interface ParsedFeed {
  /** feedparser's word on the XML: true when it is not well-formed (what broke, in `problem`). */
  bozo: boolean;
  problem: string | null;
  title: string;
  /** The feed's xml:lang, as feedparser reads it. */
  language: string | null;
  entries: {
    id: string;
    link: string;
    title: FeedText;
    summary: FeedText | null;
    content: FeedText | null;
    /** The xml:lang in force for the entry's title (its own, else the feed's). */
    language: string | null;
    enclosures: { href: string; type: string; length: string }[];
  }[];
}

const SCRIPT = String.raw`
import json, sys
from html.parser import HTMLParser
import feedparser

feedparser.SANITIZE_HTML = False
feedparser.RESOLVE_RELATIVE_URIS = False

class Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []
        self.text = []
    def handle_starttag(self, tag, attrs):
        self.elements.append({'name': tag, 'attrs': attrs})
    def handle_startendtag(self, tag, attrs):
        self.elements.append({'name': tag, 'attrs': attrs})
    def handle_data(self, data):
        self.text.append(data)

def read(detail):
    if detail is None:
        return None
    kind = detail.get('type', 'text/plain')
    value = detail.get('value', '')
    if kind in ('text/html', 'application/xhtml+xml'):
        reader = Reader()
        reader.feed(value)
        reader.close()
        return {'type': kind, 'value': value, 'elements': reader.elements, 'text': ''.join(reader.text)}
    return {'type': kind, 'value': value, 'elements': [], 'text': value}

parsed = feedparser.parse(sys.stdin.buffer.read())
print(json.dumps({
    'bozo': bool(parsed.bozo),
    'problem': str(parsed.get('bozo_exception')) if parsed.bozo else None,
    'title': parsed.feed.get('title', ''),
    'language': parsed.feed.get('title_detail', {}).get('language'),
    'entries': [{
        'id': e.get('id', ''),
        'link': e.get('link', ''),
        'title': read(e.get('title_detail')),
        'summary': read(e.get('summary_detail')),
        'content': read(e['content'][0]) if e.get('content') else None,
        'language': e.get('title_detail', {}).get('language'),
        'enclosures': [{'href': x.get('href', ''), 'type': x.get('type', ''), 'length': x.get('length', '')} for x in e.get('enclosures', [])],
    } for e in parsed.entries],
}))
`;

/** Debian's python3: apt's python3-feedparser is installed for it (another python3 on PATH may not have it). */
const PYTHON = '/usr/bin/python3';

export function parseFeed(xml: string): ParsedFeed {
  const out = execFileSync(PYTHON, ['-c', SCRIPT], { input: xml, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(out.toString('utf8')) as ParsedFeed;
}
