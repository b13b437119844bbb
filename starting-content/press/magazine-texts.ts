/**
 * The text of each sample issue of the e-magazine "RMCP Chronicle", from which the asset generator
 * (starting-content/generate.ts) writes the sample PDFs beside it. The site itself reads press.json.
 */
export interface MagazineIssueText {
  slug: string;
  title: string;
  month: string;
  description: string;
  contents: string[];
  editorial: string[];
}

export const magazineIssues: MagazineIssueText[] = [
  {
    slug: 'chronicle-2026-04',
    title: 'New Session, New Beginnings',
    month: 'April 2026',
    description: 'Welcoming the 2026-27 session: new admissions, the smart-class upgrade and our board toppers.',
    contents: [
      "Principal's welcome to the new session",
      'Class X and XII board toppers 2026',
      'Smart classrooms in every senior section',
      'Orientation day for parents of the pre-primary wing',
      'Poems and drawings by Classes III to V',
    ],
    editorial: [
      'A new session is a promise we make again every April: that every child who walks through our gate will be known by name, taught with care and helped to do a little better than last year.',
      'This issue celebrates the students who carried that promise into their board examinations, and welcomes the families who have joined us for the first time.',
    ],
  },
  {
    slug: 'chronicle-2025-12',
    title: 'Annual Day Special',
    month: 'December 2025',
    description: 'Stories and photographs from Annual Day 2025, with folk dance, drama and the prize distribution.',
    contents: [
      'Annual Day 2025 in pictures',
      'The making of our Braj folk dance',
      'Prize winners across all wings',
      "Chief guest's address",
      'Behind the scenes with the auditorium crew',
    ],
    editorial: [
      'Our auditorium was full to its last seat as more than five hundred parents and guests watched our students perform.',
      'We thank the teachers who rehearsed with the children after school for six weeks, and the parents who stitched costumes late into the night.',
    ],
  },
  {
    slug: 'chronicle-2025-08',
    title: 'Science and Innovation',
    month: 'August 2025',
    description:
      'Our young scientists at the regional science exhibition, with projects on water, soil and solar power.',
    contents: [
      'Regional science exhibition: our projects',
      'Testing village water with simple kits',
      'A solar dryer for farm produce',
      'Interview: our chemistry teacher',
      'Puzzles and brain teasers',
    ],
    editorial: [
      'The best science begins with a question about home. This term our students asked why the hand pump water tastes different after the rains, and spent weeks finding out.',
      'Their answers won a prize, but more importantly they taught their neighbours something useful.',
    ],
  },
  {
    slug: 'chronicle-2025-02',
    title: 'Sports and Fitness',
    month: 'February 2025',
    description: "Junior and senior sports days, the inter-house championship and our kabaddi team's district title.",
    contents: [
      'Junior Sports Day (Classes 1-5)',
      'Senior Sports Day (Classes 6-12)',
      'Kabaddi: district champions',
      'Yoga every morning',
      'House points table',
    ],
    editorial: [
      'Two sports days, hundreds of races and one very muddy tug-of-war: this issue is about the joy of playing together.',
      'Fitness is part of learning here, and every child took part, not only the fastest.',
    ],
  },
  {
    slug: 'chronicle-2024-10',
    title: 'Reading Village',
    month: 'October 2024',
    description: "The library's reading campaign, book reviews by students and the story-telling week.",
    contents: [
      'Our library opens its doors to families',
      'Book reviews by Classes VI to IX',
      'Story-telling week in Hindi and English',
      'Visit to the district library',
      'Recommended reading lists',
    ],
    editorial: [
      'A child who reads is never alone. This term our library lent more books than in any earlier year, and many went home to younger brothers and sisters.',
      'We are grateful to the families who donated books to the reading corner.',
    ],
  },
  {
    slug: 'chronicle-2024-03',
    title: 'Twelve Years of Excellence',
    month: 'March 2024',
    description: 'Looking back to 2012: how a small school on Station Road grew into a senior secondary campus.',
    contents: [
      '2012: the first 80 students',
      'From primary to senior secondary',
      'Alumni who came back to teach',
      'The 10-acre campus then and now',
      'Messages from our founder and chairperson',
    ],
    editorial: [
      'Our magazine archive goes back to 2012, when the first issue was a few photocopied pages. Looking through it, we see how much has changed, and how much has not: the same care, the same belief that a village child deserves the best education.',
      'Thank you to every student, parent and teacher who wrote a page of this story.',
    ],
  },
];
