/**
 * The school's letterhead on what a family downloads (the acknowledgments, the admission letter):
 * its name, address, affiliation number and office phone as the profile has them now (a fact not
 * set is left out), a rule, and the document's title.
 */
import { fill, type Language } from '../lib/i18n/index.ts';
import { officePhone, schoolAddress, schoolName, type SchoolProfile } from '../lib/school-profile.ts';
import { GREY, rule, write, type PdfDoc, type TextStyle } from './pdf.ts';

export function letterhead(doc: PdfDoc, school: SchoolProfile, language: Language, title: string, titleSize = 14) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const centred: TextStyle = { width, align: 'center' };
  write(doc, schoolName(school, language), { ...centred, size: 16, weight: 'bold' }, left, doc.page.margins.top);
  write(doc, schoolAddress(school, language), { ...centred, size: 9.5, color: GREY });
  const facts = [
    school.affiliationNumber && fill(language, 'ack.pdf.affiliation', { number: school.affiliationNumber }),
    officePhone(school) && fill(language, 'ack.pdf.phone', { phone: officePhone(school) }),
  ].filter(Boolean);
  if (facts.length) write(doc, facts.join(' · '), { ...centred, size: 9.5, color: GREY });
  const y = doc.y + 8;
  rule(doc, left, y, width);
  write(doc, title, { ...centred, size: titleSize, weight: 'bold', role: 'H1' }, left, y + 10);
}
