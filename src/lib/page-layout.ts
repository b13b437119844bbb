/**
 * The site's layout as a feature's page takes it: its route (src/pages) imports the layout
 * (src/layouts/BaseLayout.astro) and hands it over, so no feature imports the pages layer.
 */
import type { Language } from './i18n/languages.ts';

export type PageLayout = (props: { title: string; description: string; lang?: Language }) => unknown;
