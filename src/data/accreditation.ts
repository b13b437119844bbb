/** Accreditation items: name, logo, issuedBy, description, category. */
import { z } from 'astro/zod';
import { accreditationSchema } from './schemas.ts';
import cbse from '../assets/logos/cbse.png';
import upGovernment from '../assets/logos/up-government.png';
import fireSafety from '../assets/logos/fire-safety.png';
import buildingSafety from '../assets/logos/building-safety.png';
import healthHygiene from '../assets/logos/health-hygiene.png';

export type Accreditation = z.infer<typeof accreditationSchema>;

const items: Accreditation[] = [
  { name: 'CBSE Affiliation', logo: cbse, issuedBy: 'Central Board of Secondary Education, New Delhi', category: 'Board affiliation', description: 'The school is affiliated to the CBSE with full recognition as a Senior Secondary School, teaching and examining Classes I to XII under the CBSE curriculum.' },
  { name: 'No Objection Certificate', logo: upGovernment, issuedBy: 'Government of Uttar Pradesh', category: 'Government recognition', description: 'The State Government\'s no objection to the school\'s affiliation with the CBSE, as the Board\'s bye-laws require.' },
  { name: 'Fire Safety Certificate', logo: fireSafety, issuedBy: 'Uttar Pradesh Fire and Emergency Services', category: 'Safety', description: 'Fire extinguishers, alarms, marked exits and regular drills, inspected and certified by the competent authority.' },
  { name: 'Building Safety Certificate', logo: buildingSafety, issuedBy: 'Public Works Department, competent engineer', category: 'Safety', description: 'The school buildings meet the structural safety norms of the National Building Code.' },
  { name: 'Water, Health and Sanitation Certificate', logo: healthHygiene, issuedBy: 'District Health Department', category: 'Health and hygiene', description: 'Safe drinking water, clean toilets for girls and boys, and hygienic premises, checked by the health authorities.' },
];

export const accreditations: Accreditation[] = z.array(accreditationSchema).parse(items);
