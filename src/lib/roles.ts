/**
 * Staff roles. The principal may do everything; the office does the daily work: read, change
 * statuses, verify documents, record payments, export and print, but no deletes, no accounts, no
 * seat changes and no payment reversals. The server enforces this; screens only hide what a role
 * cannot use.
 */
export const ROLES = ['principal', 'office'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { principal: 'Principal', office: 'Office staff' };

/** How the audit log names a parent acting on a public page (no account): in place of an e-mail address. */
export const PARENT_ACTOR = 'parent';
/** How the audit log names the retention job (the hourly cleanup erasing records whose period ended). */
export const RETENTION_ACTOR = 'retention';
/** How the audit log and a record's history name the payment gateway: an online payment recorded, or refunded, by itself. */
export const GATEWAY_ACTOR = 'online payment';

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** The signed-in person as GET /v1/api/auth answers. */
export interface SignedIn {
  _id: string;
  name: string;
  email: string;
  role: Role;
  mustChangePassword: boolean;
  /** A one-time code app is set up for this account. */
  secondFactor: boolean;
  /** The school requires a second factor and this account has none yet: only My account works until it is set up. */
  mustSetUpSecondFactor: boolean;
}
