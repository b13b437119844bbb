/** Texts and figures of the home page. */
import learningCentre from '../assets/photos/learning-centre.jpg';
import auditorium from '../assets/photos/auditorium.jpg';
import technology from '../assets/photos/computer-lab.jpg';
import holistic from '../assets/photos/holistic.jpg';
import hero from '../assets/photos/campus-hero.jpg';
import cbseLogo from '../assets/logos/cbse.png';
import { FOUNDED_YEAR } from '../lib/years.ts';

export const home = {
  title: 'CBSE Senior Secondary School in Sikandrabad, Bulandshahr',
  description: 'R.M.C.P. Senior Secondary School & Academy: CBSE school from pre-primary to Class XII on a 10-acre campus in Sikandrabad, Uttar Pradesh. Since 2012.',
  hero: {
    eyebrow: `CBSE affiliated · Since ${FOUNDED_YEAR}`,
    heading: 'A world-class education, close to home',
    text: 'From pre-primary to Class XII, our 50+ educators give the children of Sikandrabad and its villages a CBSE education that opens every door, on a safe and green 10-acre campus.',
    image: hero,
    imageAlt: 'The R.M.C.P. school building with the national flag, trees and students on the lawn',
    apply: { label: 'Apply Now', href: '/admissions/apply/primary' },
    tour: { label: 'Virtual Tour', href: '/infrastructure/overview' },
  },
  stats: [
    { value: '98%', label: 'Admission acceptance' },
    { value: '15:1', label: 'Student-teacher ratio' },
    { value: '20+', label: 'Extracurricular activities' },
  ],
  about: {
    heading: 'About our school',
    text: 'Established in 2012, R.M.C.P. Senior Secondary School & Academy grew from a few classrooms into a fully recognised CBSE senior secondary school. We teach in small classes, know every child by name and measure success by character as well as marks.',
    glance: [
      { label: 'Board', value: 'CBSE' },
      { label: 'Campus', value: '10-acre campus' },
      { label: 'Student-teacher ratio', value: '15:1' },
      { label: 'Faculty', value: '50+ faculty' },
    ],
    cards: [
      { title: 'Learning Centre', text: 'Small-group help for Classes I to XII in reading, mathematics, science and study skills.', href: '/infrastructure/learning-centre', image: learningCentre, imageAlt: 'A teacher working with students at a small table' },
      { title: 'Auditorium', text: 'A 500+ seat hall with stage lighting, sound and projection for events and performances.', href: '/infrastructure/auditorium', image: auditorium, imageAlt: 'The auditorium stage under spotlights' },
      { title: 'Technology', text: 'Smart classrooms, two computer labs and coding from Class VI.', href: '/academics/technology', image: technology, imageAlt: 'Students at computers in the lab' },
      { title: 'Holistic Development', text: 'Sports, arts, music, clubs and service: 20+ activities beyond the classroom.', href: '/academics/holistic-development', image: holistic, imageAlt: 'Students painting in the art room' },
    ],
  },
  mission: {
    heading: 'Our mission',
    text: 'To give the children of rural western Uttar Pradesh a complete CBSE education, from pre-primary to Class XII, that is rigorous, caring and affordable, so that no child has to leave home to learn well.',
    tagline: 'Rooted in values, reaching for excellence.',
  },
  accreditation: {
    heading: 'Accreditation',
    name: 'CBSE Affiliation',
    issuedBy: 'Issued by the Central Board of Secondary Education, New Delhi',
    recognition: 'Full recognition as a Senior Secondary School',
    logo: cbseLogo,
    logoAlt: 'CBSE affiliation seal',
  },
};
