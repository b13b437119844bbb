/**
 * The admin guard and screen switch, one island per admin page. While GET /v1/api/auth is pending it
 * shows "Loading..."; a non-200 (or a failed call) goes to /login; a signed-in admin gets the screen,
 * whose code is loaded only then. Someone signed in with a temporary password is sent to
 * /admin/account to set their own first, and so is someone the school asks to set up a second factor.
 */
import { Suspense, lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Toasts } from '../../lib/toast.tsx';
import { api } from '../../lib/api-client.ts';
import { showFlashToasts } from '../../lib/admin/navigation.ts';
import type { SignedIn } from '../../lib/roles.ts';
import { SessionContext } from './session.tsx';
import { putSchoolInUse, type SchoolProfile } from '../../lib/school-profile.ts';
import { KINDS } from '../../features/kinds.ts';
import type { KindScreens } from '../../features/record-kind.ts';
import './admin.css';

const SCREENS = {
  home: lazy(() => import('../../features/desk/HomeScreen.tsx')),
  audit: lazy(() => import('../../features/audit/AuditScreen.tsx')),
  messages: lazy(() => import('../../features/outbox/MessagesScreen.tsx')),
  seats: lazy(() => import('../../features/admission/SeatsScreen.tsx')),
  'letter-settings': lazy(() => import('../../features/admission/LetterSettingsScreen.tsx')),
  school: lazy(() => import('../../features/school/SchoolScreen.tsx')),
  disclosure: lazy(() => import('../../features/disclosure/DisclosureScreen.tsx')),
  fees: lazy(() => import('../../features/fees/FeesScreen.tsx')),
  payments: lazy(() => import('../../features/payments/OnlinePaymentsScreen.tsx')),
  press: lazy(() => import('../../features/press/PressScreen.tsx')),
  'admission-print': lazy(() => import('../../features/admission/ApplicationPrint.tsx')),
  'vacancies-panel': lazy(() => import('../../features/vacancies/VacanciesPanel.tsx')),
  'vacancy-new': lazy(() => import('../../features/vacancies/VacancyNew.tsx')),
  'vacancy-details': lazy(() => import('../../features/vacancies/VacancyDetails.tsx')),
  'gallery-panel': lazy(() => import('../../features/gallery/GalleryPanel.tsx')),
  'gallery-new': lazy(() => import('../../features/gallery/GalleryNew.tsx')),
  'gallery-details': lazy(() => import('../../features/gallery/GalleryDetails.tsx')),
  notices: lazy(() => import('../../features/notices/NoticesScreen.tsx')),
  pages: lazy(() => import('../../features/pages/PagesScreen.tsx')),
  receipt: lazy(() => import('../../features/payments/ReceiptScreen.tsx')),
  accounts: lazy(() => import('../../features/auth/AccountsScreen.tsx')),
  account: lazy(() => import('../../features/auth/MyAccount.tsx')),
  calendar: lazy(() => import('../../features/calendar/CalendarScreen.tsx')),
} satisfies Record<string, LazyExoticComponent<ComponentType>>;

/** Each kind's list and details screens, from its folder's kind-screens.ts (under the names its kind.ts gives them). */
export const KIND_SCREENS: KindScreens = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<KindScreens>('../../features/*/kind-screens.ts', { eager: true, import: 'default' }),
  ),
);

export type AdminScreen = keyof typeof SCREENS | `${string}-panel` | `${string}-details`;

/** The nav; a link marked 'principal' is offered to principals only. */
const LINKS: [href: string, label: string, only?: 'principal'][] = [
  ['/admin', 'Home'],
  ...KINDS.map((k): [string, string] => [k.admin.panel, k.admin.menu]),
  ['/admin/seats', 'Seats'],
  ['/admin/admission-letter', 'Admission letter'],
  ['/admin/fees', 'Fees'],
  ['/admin/payments', 'Online payments'],
  ['/admin/vacancies/panel', 'Vacancies'],
  ['/admin/gallery/panel', 'Gallery'],
  ['/admin/calendar', 'Calendar'],
  ['/admin/notices', 'Notices'],
  ['/admin/pages', 'Pages'],
  ['/admin/press', 'Press'],
  ['/admin/messages', 'Messages'],
  ['/admin/school', 'School profile', 'principal'],
  ['/admin/disclosure', 'Disclosure', 'principal'],
  ['/admin/audit', 'Audit log', 'principal'],
  ['/admin/accounts', 'Accounts', 'principal'],
  ['/admin/account', 'My account'],
];

const PANEL_OF: Record<string, string> = {
  home: '/admin',
  audit: '/admin/audit',
  messages: '/admin/messages',
  seats: '/admin/seats',
  letter: '/admin/admission-letter',
  school: '/admin/school',
  disclosure: '/admin/disclosure',
  fees: '/admin/fees',
  payments: '/admin/payments',
  press: '/admin/press',
  vacancies: '/admin/vacancies/panel',
  vacancy: '/admin/vacancies/panel',
  gallery: '/admin/gallery/panel',
  notices: '/admin/notices',
  pages: '/admin/pages',
  // The admission's own screens besides its list and details (the printed application).
  admission: '/admin/admissions/panel',
  accounts: '/admin/accounts',
  account: '/admin/account',
  calendar: '/admin/calendar',
};

/** Each kind's screens highlight its list in the menu. */
const KIND_PANEL: Record<string, string> = Object.fromEntries(
  KINDS.flatMap((k) => Object.values(k.admin.screens).map((name) => [name, k.admin.panel])),
);

function Loading() {
  return (
    <p role="status" className="admin-state">
      Loading...
    </p>
  );
}

/** The screen that may be used before a temporary password is changed. */
const PASSWORD_SCREEN: string = 'account';
const PASSWORD_PAGE = '/admin/account';

export default function AdminApp({ screen }: { screen: AdminScreen }) {
  const [signedIn, setSignedIn] = useState<SignedIn | undefined>();

  useEffect(() => {
    let live = true;
    // The school's profile, for what the screens write in its name (messages, prints); the defaults if it cannot be read.
    const school = api('/school')
      .then(async (res) => (res.ok ? putSchoolInUse((await res.json()) as SchoolProfile) : undefined))
      .catch(() => undefined);
    api('/auth')
      .then(async (res) => {
        if (!live) return;
        if (res.status !== 200) return location.replace('/login');
        const who = (await res.json()) as SignedIn;
        await school;
        if ((who.mustChangePassword || who.mustSetUpSecondFactor) && screen !== PASSWORD_SCREEN)
          return location.replace(PASSWORD_PAGE);
        if (live) setSignedIn(who);
      })
      .catch(() => {
        if (live) location.replace('/login');
      });
    return () => {
      live = false;
    };
  }, [screen]);

  useEffect(() => {
    if (signedIn) showFlashToasts();
  }, [signedIn]);

  const Screen = (SCREENS as Record<string, KindScreens[string]>)[screen] ?? KIND_SCREENS[screen]!;
  const panel = KIND_PANEL[screen] ?? PANEL_OF[screen.split('-')[0] ?? ''];
  // While a temporary password is in use, or a required second factor is missing, every other screen is refused, so only My account is offered.
  const links = LINKS.filter(([href, , only]) =>
    signedIn?.mustChangePassword || signedIn?.mustSetUpSecondFactor
      ? href === PASSWORD_PAGE
      : !only || only === signedIn?.role,
  );
  return (
    <div className="admin">
      <Toasts />
      {!signedIn ? (
        <Loading />
      ) : (
        <SessionContext.Provider value={signedIn}>
          <nav className="admin-nav" aria-label="Admin sections">
            <ul>
              {links.map(([href, label]) => {
                const current = href === panel;
                return (
                  <li key={href}>
                    <a href={href} aria-current={current ? 'page' : undefined}>
                      {label}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
          <Suspense fallback={<Loading />}>
            <Screen />
          </Suspense>
        </SessionContext.Provider>
      )}
    </div>
  );
}
