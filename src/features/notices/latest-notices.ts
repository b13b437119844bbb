/**
 * Fills the home page's latest notices (LatestNotices.astro) from GET /v1/api/notices?limit=5:
 * each title links its page in the page's language; a notice written only in the other language
 * shows that language's title, marked with its lang. Text goes in as text, never as HTML. On any
 * failure the section simply stays hidden.
 */
import { api } from '../../lib/api-client.ts';

// The language tags and the /hi/ prefix are written here rather than imported: each import would be a
// chunk of its own on the home page, whose JavaScript budget (5 KB gzipped) has no room for them.
const TAGS = { en: 'en-IN', hi: 'hi-IN' } as const;

interface Listed {
  url: string;
  title: { en?: string; hi?: string };
  publishOn: string;
  pinned: boolean;
}

export async function showLatestNotices(): Promise<void> {
  const section = document.querySelector<HTMLElement>('[data-latest-notices]');
  const list = section?.querySelector('ul');
  if (!section || !list) return;
  const lang = section.dataset.lang === 'hi' ? 'hi' : 'en';
  let notices: Listed[];
  try {
    const res = await api('/notices?limit=5', { headers: { accept: 'application/json' } });
    notices = res.ok ? ((await res.json()) as Listed[]) : [];
  } catch {
    return;
  }
  if (!Array.isArray(notices) || !notices.length) return;
  const date = new Intl.DateTimeFormat(TAGS[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  for (const notice of notices) {
    const own = notice.title[lang] ? lang : notice.title.en ? 'en' : 'hi';
    const item = document.createElement('li');
    item.className = notice.pinned ? 'notice-item notice-item--pinned' : 'notice-item';
    const heading = document.createElement('h3');
    const link = document.createElement('a');
    link.href = lang === 'hi' ? `/hi${notice.url}` : notice.url;
    link.textContent = notice.title[own] ?? '';
    if (own !== lang) link.lang = TAGS[own];
    heading.append(link);
    const meta = document.createElement('p');
    meta.className = 'notice-meta';
    if (notice.pinned) {
      const badge = document.createElement('span');
      badge.className = 'notice-badge';
      badge.textContent = section.dataset.pinned ?? '';
      meta.append(badge, ' ');
    }
    const time = document.createElement('time');
    time.dateTime = notice.publishOn;
    time.textContent = date.format(new Date(`${notice.publishOn}T00:00:00Z`));
    meta.append(time);
    item.append(heading, meta);
    list.append(item);
  }
  section.hidden = false;
}
