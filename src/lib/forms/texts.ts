/**
 * The public forms' words in English, keyed by code: these are the English table's `form.*`,
 * `request.*` and `formText.*` entries (src/lib/i18n/en.ts spreads FORM_EN; hi.ts has the same
 * codes in Hindi). An island carries only these English words; a Hindi page hands its island the
 * Hindi ones (./island-texts.ts).
 *
 * FORM_TEXTS: every message the public forms show, word for word as the school's forms have always shown
 * them (code `form.<key>`). Messages those forms never had are marked "ours" below, and kept short and plain.
 */
export const FORM_TEXTS = {
  required: 'Please fill in all required fields.',
  aadhaar: 'Please enter a valid 12-digit Aadhaar number.',
  // ours: the field's own message for 12 digits whose last (the Verhoeff check digit) does not match the others
  aadhaarCheckDigit:
    'This Aadhaar number has a typing mistake: its last digit does not match the other 11. Please check each digit against the card.',
  // Enquiry
  fatherMobile: 'Please enter a valid 10-digit mobile number.', // ours
  email: 'Please enter a valid email address.', // ours: the original form relied on the browser's email check
  option: 'Please choose one of the listed options.', // ours: a value outside a select's options
  date: 'Please enter a valid date of birth.', // ours
  tooLong: 'Please shorten this field.', // ours: a text longer than the field allows
  // ours: a person's name holding what names never hold
  nameLink: 'A name cannot contain a web address or link. Please write only the name.',
  nameEmail: 'A name cannot contain an e-mail address. Please write only the name.',
  nameDigits: 'A name cannot contain numbers. Please write only the name.',
  nameCharacters: "A name can have only letters, spaces and the marks . ' -",
  enquirySubmitting: 'Submitting Enquiry...',
  enquirySuccess: 'Enquiry form submitted successfully!',
  enquiryFailure: 'Failed to Submit Enquiry!',
  // Admission
  contactNo: 'Please enter a valid contact number.',
  aadharFiles: 'Please upload Aadhar files.',
  photos: 'Please upload photos.',
  photoFiles: 'Please upload photo files.',
  additionalDocuments: 'Please upload additional documents.',
  domicile: 'Please upload domicile certificate.',
  abcCard: 'Please upload ABC card.',
  previousTc: 'Please upload previous school transfer certificate.',
  previousMarksheet: 'Please upload previous marksheet.',
  documents: 'Please upload documents.',
  scholarship: 'Please upload scholarship document.',
  admissionClass: 'Please select a valid admission class.', // ours
  classNotOffered:
    'The school does not take admissions to this class. Please choose one of the classes the form lists.', // ours: a class the school profile does not offer
  scholarshipChoice: 'Please choose yes or no for government scholarship.', // ours
  admissionSubmitting: 'Submitting Admission Form...',
  admissionSuccess: 'Admission form submitted successfully!',
  admissionFailure: 'Failed to submit admission form',
  uploadMissing: 'This upload has expired or was already used. Please choose the file again.', // ours
  // Files
  fileTooLarge: 'File size must be less than 10MB',
  fileType: 'Only PDF, JPG, JPEG and PNG files are allowed.', // ours
  photoUnreadable: 'This photo could not be read. Please take the photo again or choose another file.', // ours: a damaged photo too large to send as it is
  uploadFailed: 'Upload failed. Please check your connection and try again.', // ours
  imageTooSmall:
    'This photo is too small to read (its width and height must both be at least 200 pixels). Please take the photo again or choose another file.', // ours: an 8 x 8 px "ABC card"
  // TC request
  tcContact: 'Please enter a valid 10-digit phone number.',
  tcCheckFailed: 'Failed to check TC requests or initiate payment.',
  tcFailure: 'Failed to Request TC!',
  tcSuccess: 'TC Requested successfully!',
  // ours: a date of leaving outside the years a pupil could have left, or too far ahead
  leavingDate:
    'Please enter the date of leaving: a real date, not more than 15 years ago and not more than 3 months ahead.',
  ageConfirm: 'Please check the date of birth, then tick the box under it to confirm it.', // ours: a date outside the class's age range, confirmed before sending
  // Privacy
  consent:
    "Please tick the box to confirm that you are the child's parent or lawful guardian and agree to the privacy notice.", // ours
  // Abuse
  honeypot: 'Your submission could not be accepted.', // ours
  wrongType: 'Invalid field type.', // ours: an API client sent a non-text value
} as const;

/** Refusals of a request itself rather than of what was typed (code `request.<key>`): a broken or hostile client's. */
export const REQUEST_TEXTS = {
  jsonType: 'Expected a JSON body (Content-Type: application/json)',
  invalidJson: 'Invalid JSON body',
  jsonObject: 'Expected a JSON object',
  multipartType: 'Expected multipart/form-data',
  emptyBody: 'Empty request body',
  malformedMultipart: 'Malformed multipart body',
  interrupted: 'The upload was interrupted',
  textTooLong: 'A text field is too long',
  tooManyFiles: 'Too many files',
  tooManyFields: 'Too many fields',
  tooManyParts: 'Too many parts',
  bodyTooLarge: 'Request body is too large',
  invalidCharacters: 'The request contains characters that are not allowed.',
  chooseFile: 'Please choose a file.',
  // A limit's refusal: the minutes to wait and the school's phone are filled in.
  tooManyRequests:
    'Too many tries from this internet connection for now. Please try again in {minutes} minutes, or call the school office[ on {phone}].',
  mobileLimit:
    'Too many applications have been sent with this mobile number today. Please try again in {minutes} minutes, or call the school office[ on {phone}].',
  // A parent's lookups (status pages, PDFs): wrong tries with one mobile number, from any connection.
  statusMobileLimit:
    'Too many wrong tries with this mobile number today. Please check the number and try again in {minutes} minutes, or call the school office[ on {phone}].',
  // A TC's verification while the site-wide count of wrong ones is full: every address waits, the right pair too.
  tcVerifyPaused:
    'TC checks are paused for a few minutes: too many checks on this website did not match any TC. Please try again in {minutes} minutes, or call the school office[ on {phone}] to confirm the TC.',
  uploadIds: 'Expected { "ids": [...] } with 1 to 20 upload ids',
  // A document sent in pieces (POST /v1/api/uploads/pieces and its pieces).
  uploadInPieces: 'A file over 2 MB is sent in pieces. Please reload the page and choose the file again.',
  uploadStart: 'Expected { "name": "...", "size": bytes } with a size of 1 byte to 10 MB',
  pieceNumber: 'No such piece of this upload',
  pieceSize: 'This piece does not have the size the upload expects',
  pieceTooLarge: 'A piece may be at most 1 MB',
  uploadGone: 'This upload is no longer held. Please choose the file again.',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  // A form's submission key sent again with other details: the first record is not shown.
  keyReused: 'This form was already sent once with other details. Please reload the page and send it again.',
} as const;

/** The forms' other words (code `formText.<key>`): intros, buttons, a document's progress. `{name}` is filled in. */
export const FORM_PART_TEXTS = {
  select: 'Select',
  optional: ' (optional)',
  honeypot: 'Leave this empty',
  requiredIntro: 'Fields marked <*> are required.',
  requiredMark: 'with an asterisk',
  admissionIntro:
    'Each document is uploaded as soon as you choose it (PDF, JPG or PNG; a PDF up to 10 MB, a larger photo is made smaller for you). What you type and the documents you choose are kept on this phone until the form is sent.',
  admissionRestored: 'We restored what you filled in earlier on this phone. Please check it before sending.',
  admissionWait: 'Please wait until your files have finished uploading.',
  admissionSubmit: 'Submit application',
  admissionBusy: 'Submitting…',
  wingClosed:
    'The school has none of these classes, so this form takes no applications. The forms of the classes it has are linked above.',
  tcSubmit: 'Request TC',
  tcBusy: 'Please wait…',
  enquiryTitle: 'Admission Enquiry',
  enquiryClose: 'Close enquiry form',
  enquiryIntro: 'Tell us about your child and we will call you back.',
  enquirySubmit: 'Submit',
  enquiryDoneHeading: 'Thank you: the school has your enquiry',
  enquiryDoneNext: 'The school office will call you on {mobile} about admission to {class}.',
  enquiryDoneVisit: 'You are welcome to visit the school with your child. There is nothing more to fill in now.',
  doneCall: '[To speak to the school office now, call {phone}.]',
  doneClose: 'Close',
  tcFee: 'The TC fee is {fee}.',
  // How the fee is paid: one of the two, as the site's configuration has it (GET /v1/api/tc-request/payment).
  tcPayOnline:
    'Pay the TC fee online from the TC status page (UPI, card or net banking) once the request is sent; the TC is issued after it is paid.',
  tcPayOffice: 'The school office will tell you how to pay the TC fee once it has checked the request.',
  tcReference: 'Reference number of your request',
  tcReferenceKeep: 'Please note it down: the school office and the status page ask for it.',
  tcDownload: 'Download acknowledgment',
  tcDoneHeading: 'TC request received',
  tcDoneNext:
    'The school office checks the request against the school records. The TC fee is {fee}; the TC is issued once it is paid.',
  tcDoneStatus: 'Follow the request on {link} with admission number {number} and mobile number {mobile}.',
  tcStatusPage: 'the TC request status page',
  // A request that came past the two an admission number may have: stored, and checked by the office first.
  tcDoneHeld:
    'Other requests for this admission number were received before this one, so the school office will check it against the school records, and may call you on {mobile}, before going ahead.',
  ageOutside:
    'By this date of birth the child is {age} on {date}; the school admits children of {min} to {max} years to {class}. Please check the date.',
  ageConfirm: 'The date of birth is correct',
  fileHint: 'PDF, JPG or PNG. A PDF up to 10 MB; a larger photo is made smaller for you.',
  filePreparing: 'Preparing {name}…',
  fileUploadingLabel: 'Uploading {label}',
  fileUploading: 'Uploading {name}: {percent}%',
  fileUploaded: 'Uploaded {name}',
  filePhoto: '{size} photo',
  fileMadeSmaller: 'made smaller to',
  fileRetry: 'Retry upload',
  fileChoose: 'Choose file',
  fileChoosePhoto: 'Choose photo',
  fileChooseAgain: 'Choose another file',
  fileChoosePhotoAgain: 'Choose another photo',
  fileNone: 'No file chosen yet',
  filePhotoAsIs: '{size} photo, sent as it is',
  clearForm: 'Clear this form',
  clearTitle: 'Clear this form?',
  clearText:
    'Everything you typed and every document you chose will be removed from this form and from this phone. This cannot be undone.',
  clearTextTyped: 'Everything you typed will be removed from this form and from this phone. This cannot be undone.',
  clearYes: 'Yes, clear the form',
  clearNo: 'No, keep it',
  cleared: 'The form is empty now.',
  consentNotice:
    'The school uses these details only for this request: the office staff and the principal see them, and they are kept for as long as the privacy notice says. You may ask to see, correct or erase them.',
  consentLink: 'Read the privacy notice',
  consentAgree:
    "I am the child's parent or lawful guardian, and I agree to the use of these details as the privacy notice describes.",
  abcChoice: 'ABC (APAAR) ID',
  abcChoiceId: 'I have the ID',
  abcChoiceREFUSED: 'REFUSED: I do not consent to an APAAR ID',
  abcChoiceNOGEN: 'NOGEN: the ID could not be generated',
  abcExplainId: 'Type the 12-digit APAAR ID, or choose REFUSED or NOGEN above.',
  abcExplainREFUSED: 'A parent may refuse the APAAR ID; the ABC card is then not needed.',
  abcExplainNOGEN: 'If the ID could not be made (e.g. records did not match), the ABC card is not needed.',
} as const;

export type FormKey = keyof typeof FORM_TEXTS;
export type RequestKey = keyof typeof REQUEST_TEXTS;
export type FormPartKey = keyof typeof FORM_PART_TEXTS;
export type FormCode = `form.${FormKey}` | `request.${RequestKey}` | `formText.${FormPartKey}`;

const prefixed = <P extends string, T extends Record<string, string>>(prefix: P, table: T) =>
  Object.fromEntries(Object.entries(table).map(([k, v]) => [`${prefix}.${k}`, v])) as {
    [K in keyof T & string as `${P}.${K}`]: T[K];
  };

/** Every form code with its English words, as the English text table carries them. */
export const FORM_EN = {
  ...prefixed('form', FORM_TEXTS),
  ...prefixed('request', REQUEST_TEXTS),
  ...prefixed('formText', FORM_PART_TEXTS),
};

export const formCode = (key: FormKey): FormCode => `form.${key}`;

/** A clause in square brackets that holds a `{name}`: it goes when a value it holds is given empty. */
const CLAUSE = /\[([^[\]]*\{\w+\}[^[\]]*)\]/g;

/**
 * `template` with each `{name}` replaced by `values[name]` (left as it is when absent). A clause in
 * square brackets holding a `{name}` goes, brackets and all, when that value is '' (a fact the
 * school has not set: 'or call the school office[ on {phone}].'), loses only its brackets when its
 * values are given, and stays as it is while one is absent (for a later fill).
 */
export const fillIn = (template: string, values: Record<string, string> = {}) =>
  template
    .replace(CLAUSE, (whole, clause: string) => {
      const names = [...clause.matchAll(/\{(\w+)\}/g)].map(([, name]) => values[name!]);
      return names.some((value) => value === '') ? '' : names.every((value) => value !== undefined) ? clause : whole;
    })
    .replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
