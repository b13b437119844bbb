/** The office's screens of the register, loaded when opened: the admin shell (src/components/admin/AdminApp.tsx) finds this file. */
import { lazy } from 'react';
import type { KindScreens } from '../record-kind.ts';

export default {
  'register-panel': lazy(() => import('./RegisterScreen.tsx')),
  'register-details': lazy(() => import('./PupilScreen.tsx')),
} satisfies KindScreens;
