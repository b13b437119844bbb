/** E-magazine issues: 6, each with cover, month, title, description and PDF. */
import { z } from 'astro/zod';
import { magazineIssueSchema } from './schemas.ts';
import { magazineIssues } from './magazine-issues.ts';

const covers = import.meta.glob<{ default: ImageMetadata }>('../assets/magazine/*.jpg', { eager: true });

export type MagazineIssue = z.infer<typeof magazineIssueSchema>;

export const magazines: MagazineIssue[] = z
  .array(magazineIssueSchema)
  .parse(
    magazineIssues.map(({ slug, title, month, description }) => {
      const cover = covers[`../assets/magazine/${slug}.jpg`]?.default;
      if (!cover) throw new Error(`No cover for magazine issue ${slug}`);
      return { slug, title, month, description, cover, pdf: `/magazines/${slug}.pdf` };
    }),
  );
