/**
 * The 23 built-in gallery images (titled "Academy Event"), shown on /gallery after the
 * server's items, with their words in either language: `staticGalleryIn(language)`.
 */
import { z } from 'astro/zod';
import { galleryImageSchema } from './schemas.ts';
import type { Language } from '../lib/i18n/index.ts';

const files = import.meta.glob<{ default: ImageMetadata }>('../assets/gallery/event-*.jpg', { eager: true });

const descriptions = [
  'Morning assembly in front of the main building',
  'Students performing on the auditorium stage',
  'Races on the school athletics track',
  'Science fair stalls set up by senior students',
  'A cricket match on the school ground',
  'Painting and clay work in the art room',
  'An audience watching a programme in the auditorium',
  'Basketball practice on the school court',
  'Students gathered on the campus lawn',
];

/** The same photos' words on the Hindi gallery, in the same order. */
const HINDI_TITLE = 'विद्यालय का कार्यक्रम';
const hindiDescriptions = [
  'मुख्य भवन के सामने प्रार्थना सभा',
  'सभागार के मंच पर प्रस्तुति देते विद्यार्थी',
  'विद्यालय के एथलेटिक्स ट्रैक पर दौड़',
  'वरिष्ठ विद्यार्थियों द्वारा लगाई गई विज्ञान प्रदर्शनी के स्टॉल',
  'विद्यालय के मैदान पर क्रिकेट मैच',
  'कला कक्ष में चित्रकारी और मिट्टी का काम',
  'सभागार में कार्यक्रम देखते दर्शक',
  'विद्यालय के कोर्ट पर बास्केटबॉल का अभ्यास',
  'परिसर के लॉन में इकट्ठा विद्यार्थी',
];

export interface StaticGalleryImage {
  title: string;
  image: ImageMetadata;
  alt: string;
}

const staticGallery: StaticGalleryImage[] = z
  .array(galleryImageSchema)
  .length(23)
  .parse(
    Object.keys(files)
      .sort()
      .map((path, i) => ({ title: 'Academy Event', image: files[path]!.default, alt: `Academy event: ${descriptions[i % descriptions.length]!.toLowerCase()}` })),
  );

/** The built-in photos with their title and alt text in `language`. */
export const staticGalleryIn = (language: Language): StaticGalleryImage[] =>
  language === 'hi'
    ? staticGallery.map((item, i) => ({ ...item, title: HINDI_TITLE, alt: `${HINDI_TITLE}: ${hindiDescriptions[i % hindiDescriptions.length]!}` }))
    : staticGallery;
