/**
 * Site-wide settings, and the defaults of the school's profile: the principal edits the profile at
 * /admin/school (src/features/school/), and these stand in only until the first save. A value
 * marked PLACEHOLDER is never printed (the profile starts with it unset).
 */
export interface SocialLink {
  name: string;
  url: string;
  /** Name of an icon in src/components/icons (whatsapp, facebook, instagram, linkedin). */
  icon: 'whatsapp' | 'facebook' | 'instagram' | 'linkedin';
}

export interface SiteContact {
  name: string;
  /** The name as it is written in Hindi (messages to parents in Hindi). */
  hindiName: string;
  shortName: string;
  address: string;
  /** The address as the Hindi pages write it. */
  hindiAddress: string;
  /** The school's CBSE affiliation number (receipts, acknowledgments, the disclosure); X's mean not known yet. */
  affiliationNumber: string;
  phone: string;
  secondPhone: string;
  email: string;
  socialMedia: SocialLink[];
  map: { latitude: number; longitude: number; zoom: number };
}

export const site = {
  /** Canonical origin used for canonical URLs, Open Graph and the sitemap. PLACEHOLDER domain. */
  url: 'https://www.rmcpschool.in',
  founded: 2012,
  contact: {
    name: 'R.M.C.P. Senior Secondary School & Academy',
    hindiName: 'आर.एम.सी.पी. सीनियर सेकेंडरी स्कूल एवं एकेडमी',
    shortName: 'RMCP School',
    address: 'Station Road, Near Tehsil Chauraha, Sikandrabad, Bulandshahr, Uttar Pradesh 203205',
    hindiAddress: 'स्टेशन रोड, तहसील चौराहे के पास, सिकंदराबाद, बुलंदशहर, उत्तर प्रदेश 203205',
    /** PLACEHOLDER: not the real number; it stays out of every page and document until the principal sets it at /admin/school. */
    affiliationNumber: '21XXXXX',
    phone: '9876543210',
    secondPhone: '9123456780',
    email: 'info@rmcpschool.in',
    socialMedia: [
      { name: 'WhatsApp', url: 'https://wa.me/919876543210', icon: 'whatsapp' },
      { name: 'Facebook', url: 'https://www.facebook.com/rmcpschool', icon: 'facebook' },
      { name: 'Instagram', url: 'https://www.instagram.com/rmcpschool', icon: 'instagram' },
      { name: 'LinkedIn', url: 'https://www.linkedin.com/company/rmcpschool', icon: 'linkedin' },
    ],
    map: { latitude: 28.4511, longitude: 77.6955, zoom: 15 },
  } satisfies SiteContact,
} as const;
