/** The genders the enquiry and the admission forms offer (the values stored; each page words them in its language). */
export const GENDERS = ['Male', 'Female'] as const;
