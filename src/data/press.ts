/** Press coverage: 6 article cards with source, title, date and thumbnail. */
import { z } from 'astro/zod';
import { pressArticleSchema } from './schemas.ts';
import press1 from '../assets/press/press-1.jpg';
import press2 from '../assets/press/press-2.jpg';
import press3 from '../assets/press/press-3.jpg';
import press4 from '../assets/press/press-4.jpg';
import press5 from '../assets/press/press-5.jpg';
import press6 from '../assets/press/press-6.jpg';

export type PressArticle = z.infer<typeof pressArticleSchema>;

const articles: PressArticle[] = [
  { source: 'Dainik Samachar', title: 'Rural school tops district in CBSE board results', date: '2026-05-14', thumbnail: press1, thumbnailAlt: 'Newspaper clipping with a photo of students at the morning assembly', summary: 'Class X and XII students from Sikandrabad posted a 98% pass rate, the best among rural schools in the district.' },
  { source: 'The Bulandshahr Times', title: 'Students shine at state science exhibition', date: '2025-11-22', thumbnail: press2, thumbnailAlt: 'Newspaper clipping showing science fair stalls', summary: 'A low-cost water-testing kit built by Class IX students won a special mention from the judges.' },
  { source: 'Amar Prabhat', title: 'Annual sports meet draws 2,000 spectators', date: '2025-02-09', thumbnail: press3, thumbnailAlt: 'Newspaper clipping showing runners on the school track', summary: 'Junior (Classes 1-5) and senior (Classes 6-12) sports days filled the campus grounds with families from nearby villages.' },
  { source: 'Western UP Herald', title: 'GPS school buses bring peace of mind to village parents', date: '2024-08-03', thumbnail: press4, thumbnailAlt: 'Newspaper clipping with a photo of a yellow school bus', summary: 'Parents can now follow the school bus on their phones as it covers routes across 40 villages.' },
  { source: 'Jan Jagran Express', title: 'New school library opens its doors to village readers', date: '2023-09-18', thumbnail: press5, thumbnailAlt: 'Newspaper clipping with a photo of library shelves', summary: 'The expanded library lends books to students\' families and hosts a weekly story hour.' },
  { source: 'Doaba Daily', title: 'Annual day celebrates folk arts of the region', date: '2022-12-20', thumbnail: press6, thumbnailAlt: 'Newspaper clipping with a photo of students on a lit stage', summary: 'Over 300 students performed Braj folk dances, a Hindi play and a choir in the school auditorium.' },
];

export const pressArticles: PressArticle[] = z.array(pressArticleSchema).length(6).parse(articles);
