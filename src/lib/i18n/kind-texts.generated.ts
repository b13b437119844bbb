// Written by scripts/kinds-registry.ts from the kinds' texts.ts (src/features/<kind>/texts.ts): run it, do not edit.
export const KIND_TEXTS_EN = {
  'status.register.studying': 'studying',
  'status.register.left': 'left the school',
  'register.classList.title': 'Class list',
  'register.classList.class': 'Class',
  'register.classList.section': 'Section',
  'register.classList.session': 'Session',
  'register.classList.roll': 'Roll no.',
  'register.classList.admissionNumber': 'Adm. no.',
  'register.classList.name': 'Name',
  'register.classList.nameHi': 'Name (Hindi)',
  'register.classList.father': "Father's name",
  'register.classList.dateOfBirth': 'Date of birth',
  'register.classList.count': 'Pupils: {count}',
  'register.classList.none': 'No pupil is studying in this class.',
} as const;

export const KIND_TEXTS_HI: Record<keyof typeof KIND_TEXTS_EN, string> = {
  'status.register.studying': 'अध्ययनरत',
  'status.register.left': 'विद्यालय छोड़ चुके',
  'register.classList.title': 'कक्षा सूची',
  'register.classList.class': 'कक्षा',
  'register.classList.section': 'वर्ग',
  'register.classList.session': 'सत्र',
  'register.classList.roll': 'अनुक्रमांक',
  'register.classList.admissionNumber': 'प्रवेश सं.',
  'register.classList.name': 'नाम',
  'register.classList.nameHi': 'नाम (हिंदी)',
  'register.classList.father': 'पिता का नाम',
  'register.classList.dateOfBirth': 'जन्म तिथि',
  'register.classList.count': 'कुल छात्र/छात्राएँ: {count}',
  'register.classList.none': 'इस कक्षा में कोई अध्ययनरत छात्र/छात्रा नहीं है।',
};
