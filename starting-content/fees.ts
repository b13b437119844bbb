/**
 * The fee structure the website starts with: sample figures, never shown on a public page. The
 * principal sees them at /admin/fees, marked "Sample", as a start to change into the school's own
 * and save. Amounts are whole rupees, null where a fee is not charged to a row. The admission fee's
 * column is left out: the editor shows the admission fee families pay online (set at /admin/fees).
 * Another school replaces this file (or empties `rows` to start from one row per class).
 */
export const sampleFeeStructure = {
  heads: [
    { id: 'admission', kind: 'admission', period: 'once', name: { en: 'Admission fee', hi: 'प्रवेश शुल्क' } },
    { id: 'tuition', kind: 'tuition', period: 'month', name: { en: 'Tuition fee', hi: 'शिक्षण शुल्क' } },
    { id: 'annual', kind: 'annual', period: 'year', name: { en: 'Annual charges', hi: 'वार्षिक शुल्क' } },
    {
      id: 'transport-0-5',
      kind: 'transport',
      period: 'month',
      name: { en: 'Transport, up to 5 km', hi: 'वाहन शुल्क, 5 कि.मी. तक' },
    },
    {
      id: 'transport-5-10',
      kind: 'transport',
      period: 'month',
      name: { en: 'Transport, 5 to 10 km', hi: 'वाहन शुल्क, 5 से 10 कि.मी.' },
    },
    {
      id: 'transport-10',
      kind: 'transport',
      period: 'month',
      name: { en: 'Transport, over 10 km', hi: 'वाहन शुल्क, 10 कि.मी. से अधिक' },
    },
    { id: 'exam', kind: 'other', period: 'year', name: { en: 'Examination fee', hi: 'परीक्षा शुल्क' } },
    { id: 'computer', kind: 'other', period: 'year', name: { en: 'Computer fee', hi: 'कंप्यूटर शुल्क' } },
    { id: 'lab', kind: 'other', period: 'year', name: { en: 'Science lab fee', hi: 'प्रयोगशाला शुल्क' } },
  ],
  rows: [
    {
      classes: ['P.N.C', 'N.C'],
      amounts: {
        tuition: 800,
        annual: 2500,
        'transport-0-5': 500,
        'transport-5-10': 700,
        'transport-10': 900,
        exam: 300,
        computer: null,
        lab: null,
      },
    },
    {
      classes: ['K.G'],
      amounts: {
        tuition: 900,
        annual: 2500,
        'transport-0-5': 500,
        'transport-5-10': 700,
        'transport-10': 900,
        exam: 300,
        computer: null,
        lab: null,
      },
    },
    {
      classes: ['1', '2', '3', '4', '5'],
      amounts: {
        tuition: 1000,
        annual: 3000,
        'transport-0-5': 500,
        'transport-5-10': 700,
        'transport-10': 900,
        exam: 400,
        computer: 300,
        lab: null,
      },
    },
    {
      classes: ['6', '7', '8'],
      amounts: {
        tuition: 1200,
        annual: 3500,
        'transport-0-5': 500,
        'transport-5-10': 700,
        'transport-10': 900,
        exam: 500,
        computer: 400,
        lab: null,
      },
    },
    {
      classes: ['9', '10'],
      amounts: {
        tuition: 1500,
        annual: 4000,
        'transport-0-5': 500,
        'transport-5-10': 700,
        'transport-10': 900,
        exam: 600,
        computer: 500,
        lab: 600,
      },
    },
    {
      classes: ['11', '12'],
      amounts: {
        tuition: 1800,
        annual: 4500,
        'transport-0-5': 500,
        'transport-5-10': 700,
        'transport-10': 900,
        exam: 700,
        computer: 500,
        lab: 800,
      },
    },
  ],
};
