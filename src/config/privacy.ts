/**
 * What the school has decided about personal data: how long each kind of record is kept, who answers
 * a parent's privacy request or complaint, and which identifiers the forms insist on. The privacy
 * notice, the retention job and the forms all read them from here. The grievance officer is the
 * school's own choice, in starting-content/privacy.json: a name, phone or e-mail left null is not
 * printed (the notice then sends parents to the school office's phone and e-mail, which every page
 * shows from the school's profile).
 */
import starting from '../../starting-content/privacy.json' with { type: 'json' };

export interface PrivacySettings {
  /** Whether an admission must carry the student's Aadhaar number and the Aadhaar cards. */
  aadhaarRequired: boolean;
  retention: {
    /** An application `not-admitted` or `withdrawn` is erased this many days after that decision. */
    closedApplicationDays: number;
    /** An enquiry is erased this many days after its last change. */
    enquiryDays: number;
    /** A TC request is erased this many days after it was issued or rejected. */
    decidedTcRequestDays: number;
    /** Audit entries (the access log) are kept at least this many days. */
    auditDays: number;
  };
  grievanceOfficer: {
    name: string | null;
    /** Their role at the school, as it is printed in the notice. */
    role: { en: string; hi: string };
    phone: string | null;
    email: string | null;
  };
}

export const privacy: PrivacySettings = {
  aadhaarRequired: true,
  retention: {
    closedApplicationDays: 180,
    enquiryDays: 2 * 365,
    decidedTcRequestDays: 3 * 365,
    auditDays: 365,
  },
  grievanceOfficer: starting.grievanceOfficer,
};
