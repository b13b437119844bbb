/**
 * The press samples' files (starting-content/press/), which the build copies to /starting/press/: the
 * addresses the API gives for their covers and PDFs are served by the running site.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api.ts';

describe('press samples', () => {
  it("the samples' covers and PDFs are served at the addresses the API gives", async () => {
    const anonymous = new ApiClient();
    const press = await (await anonymous.request('/v1/api/press')).json();
    const seeded = press.data.find((a: { _id: string }) => a._id === 'sample-press-1');
    expect(seeded.cover.url).toBe('/starting/press/press-1.jpg');
    expect((await anonymous.request(seeded.cover.url)).status).toBe(200);
    const magazine = await (await anonymous.request('/v1/api/magazine')).json();
    const april = magazine.data.find((m: { month: string }) => m.month === '2026-04');
    expect(april).toMatchObject({
      pdf: '/starting/press/chronicle-2026-04.pdf',
      cover: { url: '/starting/press/chronicle-2026-04.jpg' },
    });
    expect((await anonymous.request(april.pdf)).status).toBe(200);
    expect((await anonymous.request(april.cover.url)).status).toBe(200);
  });
});
