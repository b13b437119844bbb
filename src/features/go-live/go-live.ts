/**
 * One line of the dashboard's go-live checklist: something the school has not yet set or
 * replaced. `code` is a message key (en and hi) the office reads; `href` is where it is done;
 * `count` says how many are left where that helps (e.g. sample items still shown).
 */
export interface GoLiveCheck {
  code: string;
  done: boolean;
  href: string;
  count?: number;
}

/** A line as GET /v1/api/dashboard/go-live answers it: the check with the words the office reads (English). */
export interface GoLiveLine extends GoLiveCheck {
  text: string;
}
