/**
 * /admin/register: the school's register of pupils. Its parts are tabs of one screen, each with its
 * own address after '#' (so Back, reload and a copied link open the same part): the pupils (the
 * list, "Add pupil", the exports), promotion, class lists, the number series and the import of a
 * paper register's Excel or CSV file.
 */
import { Suspense, lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Loading, ScreenHeader } from '../../components/admin/ui.tsx';
import { AddPupil } from './AddPupil.tsx';
import { PupilList } from './PupilList.tsx';
import './register.css';

const PARTS = {
  pupils: 'Pupils',
  promotion: 'Promotion',
  'class-lists': 'Class lists',
  series: 'Number series',
  import: 'Import',
} as const;
type Part = keyof typeof PARTS;

const VIEWS: Record<Exclude<Part, 'pupils'>, LazyExoticComponent<ComponentType>> = {
  promotion: lazy(() => import('./PromotionView.tsx')),
  'class-lists': lazy(() => import('./ClassListView.tsx')),
  series: lazy(() => import('./SeriesView.tsx')),
  import: lazy(() => import('./ImportScreen.tsx')),
};

const partOf = (hash: string): Part => {
  const name = hash.replace(/^#/, '');
  return name in PARTS ? (name as Part) : 'pupils';
};

export default function RegisterScreen() {
  const [part, setPart] = useState<Part>(() => partOf(location.hash));
  // A pupil added: the list loads again, on the same filters.
  const [added, setAdded] = useState(0);

  useEffect(() => {
    const onHash = () => setPart(partOf(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const View = part === 'pupils' ? undefined : VIEWS[part];
  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title={part === 'pupils' ? 'Register of pupils' : `Register: ${PARTS[part]}`}>
        {part === 'pupils' && <AddPupil onAdded={() => setAdded((n) => n + 1)} />}
      </ScreenHeader>
      <nav className="register-tabs" aria-label="Parts of the register">
        <ul>
          {(Object.entries(PARTS) as [Part, string][]).map(([name, label]) => (
            <li key={name}>
              <a href={`#${name}`} aria-current={part === name ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {View ? (
        <Suspense fallback={<Loading />}>
          <View />
        </Suspense>
      ) : (
        <PupilList key={added} />
      )}
    </section>
  );
}
