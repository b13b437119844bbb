/**
 * The school's emblem (a shield with an open book and a rising sun), drawn once as paths in a 64-unit
 * square: the site's header (components/site/Logo.astro), the receipt screen and the receipt PDF
 * draw these same shapes, so the emblem is one everywhere and sharp at any size.
 */
interface EmblemShape {
  d: string;
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
}

export const EMBLEM_SIZE = 64;

export const EMBLEM: readonly EmblemShape[] = [
  { d: 'M32 3 7 11v19c0 15 11 25 25 31 14-6 25-16 25-31V11z', fill: '#0b4f8a' },
  { d: 'M32 8 12 14.5V30c0 12 8.5 20 20 25.5C43.5 50 52 42 52 30V14.5z', fill: '#fff' },
  { d: 'M24 27a8 8 0 1 0 16 0a8 8 0 1 0-16 0z', fill: '#f2a900' },
  { d: 'M17 36c5-3 10-3 15 0 5-3 10-3 15 0v9c-5-3-10-3-15 0-5-3-10-3-15 0z', fill: '#0b4f8a' },
  { d: 'M32 36v9', stroke: '#fff', strokeWidth: 1.5 },
];
