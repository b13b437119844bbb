/** The signed TC's scan as the details screen shows it, and the words of attaching one (the admin's, in English). */
import { acceptOf, type StaffFileType } from '../../lib/staff-files.ts';

/** What a scan may be, by its bytes: the office scans to PDF or photographs the TC. */
export const CERTIFICATE_TYPES = ['pdf', 'jpeg', 'png'] as const satisfies readonly StaffFileType[];
export const CERTIFICATE_ACCEPT = acceptOf(CERTIFICATE_TYPES);

export const CERTIFICATE_TEXTS = {
  required: 'Please choose the scan of the signed TC.',
  notIssued: 'The scan can be attached only once the TC is issued (with its number and date).',
  missing: 'No scan is attached to this TC.',
  attached: 'Scan attached: the TC can now be verified on the website.',
  replaced: 'Scan replaced.',
  failed: 'The scan could not be attached. Please try again.',
} as const;

export interface TcCertificate {
  name: string;
  type: string;
  size: number;
  attachedAt: string;
  /** Where staff open it. */
  url: string;
}
