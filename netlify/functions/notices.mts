import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly } from '../../src/server/auth.ts';
import {
  createNotice,
  deleteNotice,
  listAllNotices,
  listPublicNotices,
  previewNotice,
  updateNotice,
} from '../../src/features/notices/notices.server.ts';
import { noticeArchivePage, noticePage, noticesPage } from '../../src/features/notices/notice-pages.server.ts';
import { noticesFeedResponse } from '../../src/features/notices/feed.server.ts';
import { noticesSitemapResponse } from '../../src/features/notices/sitemap.server.ts';

export const config: Config = {
  path: [
    '/v1/api/notices',
    '/v1/api/notices/all',
    '/v1/api/notices/preview',
    '/v1/api/notices/:id',
    '/notices',
    '/notices/feed.xml',
    '/notices/sitemap.xml',
    '/notices/archive/:month',
    '/notices/:slug',
    '/hi/notices',
    '/hi/notices/feed.xml',
    '/hi/notices/archive/:month',
    '/hi/notices/:slug',
  ],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

// The office and the principal alike post, change and take down notices.
export default router({
  '/v1/api/notices': { GET: listPublicNotices, POST: adminOnly(createNotice) },
  '/v1/api/notices/all': { GET: adminOnly(listAllNotices) },
  '/v1/api/notices/preview': { POST: adminOnly(previewNotice) },
  '/v1/api/notices/:id': { PUT: adminOnly(updateNotice), DELETE: adminOnly(deleteNotice) },
  '/notices': { GET: noticesPage },
  '/notices/feed.xml': { GET: noticesFeedResponse },
  '/notices/sitemap.xml': { GET: noticesSitemapResponse },
  '/notices/archive/:month': { GET: noticeArchivePage },
  '/notices/:slug': { GET: noticePage },
  '/hi/notices': { GET: noticesPage },
  '/hi/notices/feed.xml': { GET: noticesFeedResponse },
  '/hi/notices/archive/:month': { GET: noticeArchivePage },
  '/hi/notices/:slug': { GET: noticePage },
});
