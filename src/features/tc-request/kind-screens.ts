/** The office's screens of TC requests, loaded when opened: the admin shell (src/components/admin/AdminApp.tsx) finds this file. */
import { lazy } from 'react';
import type { KindScreens } from '../record-kind.ts';

export default {
  'tc-panel': lazy(() => import('./TcPanel.tsx')),
  'tc-details': lazy(() => import('./TcDetails.tsx')),
} satisfies KindScreens;
