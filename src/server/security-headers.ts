/**
 * The one list of security headers, and of the pages' caching headers. Functions add them to every response (Netlify does not apply
 * [[headers]] rules to function responses); scripts/postbuild.ts writes them for every page into
 * dist/_headers, adding the hashes of the build's inline scripts to script-src.
 */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // React sets style attributes; styles cannot run code, so inline styles are allowed.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  // The footer map (loaded on request) is OpenStreetMap's embed: no cookies, no tracking.
  'frame-src': ['https://www.openstreetmap.org'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Razorpay's Standard Checkout (checkout.js, loaded only when a family taps Pay): its script and
 * styles, the checkout frame and the UPI apps it opens from there on a phone (UPI intent: upi: and
 * the apps' own schemes, Android's intent:), the requests the script makes, its logos, and the form
 * its redirect flow posts. Only the status pages that offer Pay get these; every other page keeps
 * the policy above (scripts/postbuild.ts writes each page's by its path; the site-wide rule, which
 * no page ends with, carries these too). (redirect: true also keeps the checkout in this tab, with no pop-up for
 * Cross-Origin-Opener-Policy to cut off.)
 */
export const PAY_CSP_ADDITIONS: Record<string, string[]> = {
  'script-src': ['https://checkout.razorpay.com'],
  'style-src': ['https://checkout.razorpay.com'],
  'frame-src': [
    'https://api.razorpay.com',
    'https://checkout.razorpay.com',
    'upi:',
    'intent:',
    'tez:',
    'phonepe:',
    'paytmmp:',
    'gpay:',
    'bhim:',
  ],
  'connect-src': ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  'img-src': ['https://cdn.razorpay.com'],
  'form-action': ['https://api.razorpay.com'],
};

/** The status pages with the Pay button (src/features/payments/PayOnline.tsx), in both languages. */
export const PAY_PAGES: readonly string[] = [
  '/admissions/status',
  '/hi/admissions/status',
  '/admissions/tc-request/status',
  '/hi/admissions/tc-request/status',
];

export function cspString(extraScriptSources: string[] = [], additions: Record<string, string[]> = {}): string {
  return Object.entries(CSP_DIRECTIVES)
    .map(([name, values]) =>
      [name, ...values, ...(name === 'script-src' ? extraScriptSources : []), ...(additions[name] ?? [])].join(' '),
    )
    .join('; ');
}

export const BASE_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Browsers ignore HSTS over plain http, so sending it on the local runtime is harmless. */
export const HSTS = 'max-age=63072000; includeSubDomains; preload';

export function securityHeaders(
  extraScriptSources: string[] = [],
  additions: Record<string, string[]> = {},
): Record<string, string> {
  return {
    'Content-Security-Policy': cspString(extraScriptSources, additions),
    ...BASE_SECURITY_HEADERS,
    'Strict-Transport-Security': HSTS,
  };
}

/**
 * Answers that depend on the nf_lang cookie: Netlify's Language redirect (public/_redirects)
 * answers `/` by that cookie, then by Accept-Language, with the Hindi home's 302 for one family and
 * the English home for another. Netlify's CDN keys its own cache on them, but caches further on
 * (an ISP's or an office's proxy) only read Vary and Cache-Control: Vary names what the answer
 * depends on, and private keeps any shared cache from storing it for the next family.
 */
export const LANGUAGE_DEPENDENT_PAGES: readonly string[] = ['/'];
export const LANGUAGE_DEPENDENT_HEADERS: Record<string, string> = {
  Vary: 'Cookie, Accept-Language',
  'Cache-Control': 'private, max-age=0, must-revalidate',
};
