/** The office's screens of {{title}} requests, loaded when opened: the admin shell (src/components/admin/AdminApp.tsx) finds this file. */
import { lazy } from 'react';
import type { KindScreens } from '../record-kind.ts';

export default {
  '{{kebab}}-panel': lazy(() => import('./{{Pascal}}Panel.tsx')),
  '{{kebab}}-details': lazy(() => import('./{{Pascal}}Details.tsx')),
} satisfies KindScreens;
