/** The office's screens of applications, loaded when opened: the admin shell (src/components/admin/AdminApp.tsx) finds this file. */
import { lazy } from 'react';
import type { KindScreens } from '../record-kind.ts';

export default {
  'admissions-panel': lazy(() => import('./AdmissionsPanel.tsx')),
  'admission-details': lazy(() => import('./AdmissionDetails.tsx')),
} satisfies KindScreens;
