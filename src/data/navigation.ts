/**
 * The site's navigation tree: the top bar, the section landings' cards,
 * the footer's quick links and the link tests all read it.
 */
export interface NavLink {
  label: string;
  href: string;
  /** One line shown on the landing card that links here. */
  summary?: string;
  children?: NavLink[];
}

export const navigation: NavLink[] = [
  { label: 'Home', href: '/' },
  {
    label: 'Academy',
    href: '/academy',
    summary: 'Who we are, what we stand for and the people who lead the school.',
    children: [
      { label: 'About', href: '/academy/about', summary: 'Our story since 2012 and life on our 10-acre campus.' },
      { label: 'Mission', href: '/academy/mission', summary: 'Our mission, vision and the values we teach by.' },
      { label: 'Founder Message', href: '/academy/founder-message', summary: 'Why the school was founded, in the founder’s words.' },
      { label: 'Chairperson Message', href: '/academy/chairperson-message', summary: 'The chairperson on quality, access and trust.' },
      { label: "Principal's Message", href: '/academy/principal-message', summary: 'The principal on learning, discipline and care.' },
      { label: 'Accreditation', href: '/academy/accreditation', summary: 'CBSE affiliation and our recognitions.' },
      { label: 'Mandatory Disclosure', href: '/academy/mandatory-disclosure', summary: 'CBSE mandatory public disclosure: documents, staff, results and infrastructure.' },
    ],
  },
  {
    label: 'Academics',
    href: '/academics',
    summary: 'How we teach, from the first day of nursery to the Class XII board examinations.',
    children: [
      {
        label: 'Methodology',
        href: '/academics/methodology',
        summary: 'Three wings, each with a way of teaching suited to its age band.',
        children: [
          { label: 'Primary Wing', href: '/academics/methodology/primary', summary: 'Ages 2-6: P.N.C, N.C and K.G, learning through play.' },
          { label: 'Middle Wing', href: '/academics/methodology/middle', summary: 'Ages 6-11: Classes I-V, strong foundations in language and numbers.' },
          { label: 'Senior Wing', href: '/academics/methodology/senior', summary: 'Ages 12-18: Classes VI-XII, subject depth and board preparation.' },
        ],
      },
      { label: 'Holistic Development', href: '/academics/holistic-development', summary: 'Arts, sports, values and 20+ extracurricular activities.' },
      { label: 'Technology', href: '/academics/technology', summary: 'Smart classrooms, computer labs and digital literacy.' },
      { label: 'Guidance Counseling', href: '/academics/guidance-counseling', summary: 'Career guidance and a counsellor students can talk to.' },
    ],
  },
  {
    label: 'Infrastructure',
    href: '/infrastructure',
    summary: 'The buildings, grounds and services on our 10-acre campus.',
    children: [
      { label: 'Auditorium', href: '/infrastructure/auditorium', summary: 'A 500+ seat hall with stage lighting and sound.' },
      { label: 'Sports', href: '/infrastructure/sports', summary: 'Grounds, courts, coaching and our annual sports days.' },
      {
        label: 'Facilities',
        href: '/infrastructure/facilities',
        summary: 'Transport, health care and security for every child.',
        children: [
          { label: 'Transportation', href: '/infrastructure/facilities/transportation', summary: 'GPS-equipped buses with route coverage and live tracking.' },
          { label: 'Health', href: '/infrastructure/facilities/health', summary: 'A doctor, a senior nursing officer and an emergency ambulance.' },
          { label: 'Security', href: '/infrastructure/facilities/security', summary: 'Guards, ID cards, CCTV and fire safety.' },
        ],
      },
      { label: 'Learning Centre', href: '/infrastructure/learning-centre', summary: 'Extra help for Classes I to XII, with remedial areas.' },
      { label: 'Overview', href: '/infrastructure/overview', summary: 'Classrooms, activity rooms, labs and safety features.' },
      { label: 'Library', href: '/infrastructure/library', summary: 'Books, reading rooms, services and opening hours.' },
    ],
  },
  {
    label: 'Admissions',
    href: '/admissions',
    summary: 'Apply online, check an application, or request a transfer certificate.',
    children: [
      {
        label: 'Admission',
        href: '/admissions/apply',
        summary: 'Three online application forms, one for each wing.',
        children: [
          { label: 'Primary (P.N.C, N.C, K.G)', href: '/admissions/apply/primary', summary: 'Application form for the early years: P.N.C, N.C and K.G.' },
          { label: 'Middle (Classes 1-5)', href: '/admissions/apply/middle', summary: 'Application form for Classes 1 to 5.' },
          { label: 'Senior (Classes 6-12)', href: '/admissions/apply/senior', summary: 'Application form for Classes 6 to 12.' },
        ],
      },
      { label: 'TC Request', href: '/admissions/tc-request', summary: 'Request a transfer certificate online.' },
      { label: 'Application Status', href: '/admissions/status', summary: 'Check an application with its reference number and your mobile number.' },
    ],
  },
  {
    label: 'Press',
    href: '/press',
    summary: 'The school in the news, and our own magazine.',
    children: [
      { label: 'Coverage', href: '/press/coverage', summary: 'Newspaper reports about our students and events.' },
      { label: 'Magazine', href: '/press/magazine', summary: 'Our e-magazine, with issues dating back to 2012.' },
    ],
  },
  { label: 'Vacancies', href: '/vacancies' },
  { label: 'Gallery', href: '/gallery' },
];

/** The admin menu (shown only to a signed-in administrator). */
export const adminNavigation: NavLink[] = [
  { label: 'Vacancies', href: '/admin/vacancies/panel' },
  { label: 'TC Requests', href: '/admin/tc-requests/panel' },
  { label: 'Gallery', href: '/admin/gallery/panel' },
  { label: 'Admissions', href: '/admin/admissions/panel' },
  { label: 'Enquiries', href: '/admin/enquiry/panel' },
];

/** Finds a node of the tree by its href. */
export function findNav(href: string, nodes: NavLink[] = navigation): NavLink | undefined {
  for (const node of nodes) {
    if (node.href === href) return node;
    const found = node.children && findNav(href, node.children);
    if (found) return found;
  }
  return undefined;
}

/** Every href in the tree, depth first. */
export function allNavHrefs(nodes: NavLink[] = navigation): string[] {
  return nodes.flatMap((n) => [n.href, ...allNavHrefs(n.children ?? [])]);
}

/** The chain of nodes from the top of the tree down to href (for breadcrumbs). */
export function navTrail(href: string, nodes: NavLink[] = navigation, trail: NavLink[] = []): NavLink[] | undefined {
  for (const node of nodes) {
    const here = [...trail, node];
    if (node.href === href) return here;
    const found = node.children && navTrail(href, node.children, here);
    if (found) return found;
  }
  return undefined;
}
