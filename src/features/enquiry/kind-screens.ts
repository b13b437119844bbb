/** The office's screens of enquiries, loaded when opened: the admin shell (src/components/admin/AdminApp.tsx) finds this file. */
import { lazy } from 'react';
import type { KindScreens } from '../record-kind.ts';

export default {
  'enquiry-panel': lazy(() => import('./EnquiryPanel.tsx')),
  'enquiry-details': lazy(() => import('./EnquiryDetails.tsx')),
} satisfies KindScreens;
