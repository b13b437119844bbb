/**
 * Every message the public forms show, word for word as the school's forms have always shown them.
 * Messages those forms never had are marked "ours" below, and kept short and plain.
 */
export const MSG = {
  required: 'Please fill in all required fields.',
  aadhaar: 'Please enter a valid 12-digit Aadhaar number.',
  // Enquiry
  fatherMobile: 'Please enter a valid 10-digit mobile number.', // ours
  email: 'Please enter a valid email address.', // ours: the original form relied on the browser's email check
  option: 'Please choose one of the listed options.', // ours: a value outside a select's options
  date: 'Please enter a valid date of birth.', // ours
  tooLong: 'Please shorten this field.', // ours: a text longer than the field allows
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
  scholarshipChoice: 'Please choose yes or no for government scholarship.', // ours
  admissionSubmitting: 'Submitting Admission Form...',
  admissionSuccess: 'Admission form submitted successfully!',
  admissionFailure: 'Failed to submit admission form',
  uploadMissing: 'This upload has expired or was already used. Please choose the file again.', // ours
  // Files
  fileTooLarge: 'File size must be less than 2MB',
  fileType: 'Only PDF, JPG, JPEG and PNG files are allowed.', // ours
  photoUnreadable: 'This photo could not be read. Please take the photo again or choose another file.', // ours: a damaged photo over 2 MB
  uploadFailed: 'Upload failed. Please check your connection and try again.', // ours
  // TC request
  tcContact: 'Please enter a valid 10-digit phone number.',
  tcLimit: 'You have reached your academic requests!',
  tcCheckFailed: 'Failed to check TC requests or initiate payment.',
  tcFailure: 'Failed to Request TC!',
  tcSuccess: 'TC Requested successfully!',
  // Privacy
  consent: "Please tick the box to confirm that you are the child's parent or lawful guardian and agree to the privacy notice.", // ours
  // Abuse
  honeypot: 'Your submission could not be accepted.', // ours
  wrongType: 'Invalid field type.', // ours: an API client sent a non-text value
} as const;
