/**
 * Content collections. `pages`: the text of every information page and section landing, one
 * Markdown file per route under src/content/pages (id = route without the leading slash; the
 * landing of a section is the file named after it, e.g. academy.md for /academy). A page's Hindi
 * text, where there is one, is under hi/ (hi/admissions.md for /hi/admissions).
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/pages', generateId: ({ entry }) => entry.replace(/\.md$/, '') }),
  schema: ({ image }) =>
    z.object({
      /** <title> (the site name is appended) and meta description: unique per page. */
      title: z.string().min(3),
      description: z.string().min(50).max(170),
      /** The page's one h1. */
      heading: z.string().min(3),
      lead: z.string().min(10),
      image: image().optional(),
      imageAlt: z.string().optional(),
      facts: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
      cardsHeading: z.string().optional(),
      cards: z.array(z.object({ title: z.string(), text: z.string(), image: image().optional(), imageAlt: z.string().optional() })).optional(),
      tables: z.array(z.object({ caption: z.string(), columns: z.array(z.string()), rows: z.array(z.array(z.string())) })).optional(),
      photosHeading: z.string().optional(),
      photos: z.array(z.object({ image: image(), alt: z.string(), caption: z.string() })).optional(),
      related: z.array(z.object({ label: z.string(), href: z.string() })).optional(),
    }).refine((page) => !page.image || page.imageAlt, { message: 'imageAlt is required with image' }),
});

export const collections = { pages };
