/**
 * /admin/pages: the site's content pages in the office's hands. The list shows every page with its
 * marks (Sample: still the starting text; Hidden; Not signed: a message with no name under it;
 * sample figures on the home page), with Edit, View and Hide/Show. Edit opens the page's form:
 * every part in English and Hindi side by side (one above the other on a phone), its pictures with
 * their descriptions, its facts, cards and photos, a message page's signature, the home page's own
 * parts. Saving sends the whole page (PUT /v1/api/pages). `?edit=<path>` opens a page's form (the
 * audit log and the dashboard link there).
 */
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { answerOf, apiJson } from '../../lib/api-client.ts';
import { getJson } from '../../lib/admin/admin-api.ts';
import { saveForm } from '../../lib/admin/save-form.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { ScreenHeader } from '../../components/admin/ui.tsx';
import PictureField from '../pictures/PictureField.tsx';
import type { Bilingual, PlacedPicture } from '../pictures/picture.ts';
import { PAGE_LIMITS, validatePage, type PageContent, type PageJson, type PageListed } from './page.ts';
import './pages-admin.css';

const nameOf = (page: Pick<PageListed, 'title' | 'path'>) => page.title.en || page.title.hi || page.path;
const empty = (): Bilingual => ({ en: '', hi: '' });

/** The marks of a page in the list. */
function Marks({ page }: { page: PageListed }) {
  return (
    <>
      {page.sample && <span className="sample-badge">Sample</span>}
      {page.hidden && <span className="status-badge">Hidden</span>}
      {page.unsigned && <span className="status-badge status-badge--warn">Not signed</span>}
      {!!page.sampleFigures && (
        <span className="sample-badge">
          {page.sampleFigures} sample figure{page.sampleFigures === 1 ? '' : 's'}
        </span>
      )}
    </>
  );
}

export default function PagesScreen() {
  const list = useLoad(
    () => getJson<PageListed[]>('/pages'),
    [],
    () => toast.error('Failed to load the pages'),
  );
  const [editing, setEditing] = useState<PageJson>();
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLElement>(null);

  async function open(path: string) {
    try {
      setEditing(await getJson<PageJson>(`/pages?path=${encodeURIComponent(path)}`));
    } catch {
      toast.error('Failed to open the page');
    }
  }

  // ?edit=<path> (from the audit log or the dashboard) opens that page.
  useEffect(() => {
    const path = new URLSearchParams(location.search).get('edit');
    if (path && !editing) void open(path);
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const editingPath = editing?.path;
  useEffect(() => {
    if (editingPath !== undefined) formRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [editingPath]);

  async function toggleHidden(page: PageListed) {
    if (busy) return;
    setBusy(true);
    try {
      const { status, body } = await answerOf(
        await apiJson('/pages', 'PUT', { path: page.path, hidden: !page.hidden }),
      );
      if (status === 200)
        toast.success(
          page.hidden
            ? `"${nameOf(page)}" is on the website again.`
            : `"${nameOf(page)}" is hidden: it has left the menu, and its address answers "Page not found".`,
        );
      else toast.error(body.error ?? 'Failed to change the page');
      list.reload();
    } catch {
      toast.error('Failed to change the page');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Pages" />
      <p className="hint">
        The website's own pages, in English and Hindi. "Sample" marks a page still showing the text the website came
        with: read it, correct it, and save it as the school's own.
      </p>
      {editing && (
        <section ref={formRef} aria-labelledby="page-form-title" className="pages-editor">
          <PageForm
            key={editing.path}
            page={editing}
            onDone={(saved) => {
              setEditing(undefined);
              if (saved) list.reload();
              history.replaceState(null, '', '/admin/pages');
            }}
          />
        </section>
      )}
      <h2 className="visually-hidden">All pages</h2>
      {!list.data ? (
        <p className="admin-state" role="status">
          {list.failed ? 'Could not load the pages.' : 'Loading...'}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table pages-table">
            <caption className="visually-hidden">The website's pages, in the menu's order</caption>
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Address</th>
                <th scope="col">State</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((page) => (
                <tr key={page.path}>
                  <td className="cell-wrap">
                    {nameOf(page)}
                    {page.title.hi && <span lang="hi"> / {page.title.hi}</span>}
                  </td>
                  <td>
                    <code>{page.path}</code>
                  </td>
                  <td className="cell-wrap">
                    <Marks page={page} />
                  </td>
                  <td>
                    <div className="admin-actions">
                      <button
                        type="button"
                        className="btn btn--small"
                        onClick={() => void open(page.path)}
                        aria-label={`Edit: ${nameOf(page)}`}
                      >
                        Edit
                      </button>
                      {!page.hidden && (
                        <a
                          className="btn btn--small"
                          href={page.path}
                          target="_blank"
                          rel="noopener"
                          aria-label={`View on the site: ${nameOf(page)}`}
                        >
                          View
                        </a>
                      )}
                      {!page.fixed && (
                        <button
                          type="button"
                          className="btn btn--small"
                          disabled={busy}
                          onClick={() => void toggleHidden(page)}
                          aria-label={`${page.hidden ? 'Show' : 'Hide'}: ${nameOf(page)}`}
                        >
                          {page.hidden ? 'Show' : 'Hide'}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// The form

type Errors = Record<string, string>;

/** A value at a path of the draft replaced ('cards.2.title.en'). */
function setIn<T>(root: T, path: readonly (string | number)[], value: unknown): T {
  if (!path.length) return value as T;
  const [head, ...rest] = path;
  const node = root as Record<string | number, unknown>;
  const copy = (Array.isArray(root) ? [...root] : { ...node }) as Record<string | number, unknown>;
  copy[head!] = setIn(node[head!], rest, value);
  return copy as T;
}

interface FieldProps {
  uid: string;
  errors: Errors;
}

/** One part in both languages, side by side on a wide screen. */
function BothLanguages({
  uid,
  errors,
  name,
  label,
  value,
  onChange,
  long,
  max = PAGE_LIMITS.line,
  hint,
}: FieldProps & {
  name: string;
  label: string;
  value: Bilingual;
  onChange: (v: Bilingual) => void;
  long?: boolean | number;
  max?: number;
  hint?: string;
}) {
  return (
    <div className="pages-pair" role="group" aria-label={label}>
      {(['en', 'hi'] as const).map((lang) => {
        const id = `${uid}-${name}.${lang}`;
        const error = errors[`${name}.${lang}`];
        const props = {
          id,
          lang,
          maxLength: max,
          value: value[lang],
          'aria-invalid': error ? true : undefined,
          'aria-describedby':
            [error ? `${id}-error` : '', hint ? `${uid}-${name}-hint` : ''].join(' ').trim() || undefined,
          onChange: (e: { target: { value: string } }) => onChange({ ...value, [lang]: e.target.value }),
        };
        return (
          <div className="admin-field" key={lang}>
            <label htmlFor={id}>
              {label} {lang === 'en' ? '(English)' : <span lang="hi">(हिंदी)</span>}
            </label>
            {long ? (
              <textarea {...props} rows={typeof long === 'number' ? long : 4} />
            ) : (
              <input {...props} type="text" />
            )}
            {error && (
              <p id={`${id}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      {hint && (
        <p id={`${uid}-${name}-hint`} className="hint pages-pair__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

function Picture({
  uid,
  errors,
  name,
  label,
  value,
  onChange,
}: FieldProps & {
  name: string;
  label: string;
  value: PlacedPicture | null;
  onChange: (v: PlacedPicture | null) => void;
}) {
  const problem =
    errors[`${name}.picture`] ?? errors[`${name}.alt`] ?? errors[`${name}.alt.en`] ?? errors[`${name}.alt.hi`];
  return (
    <div className="pages-picture" id={`${uid}-${name}`}>
      <PictureField label={label} value={value} onChange={onChange} />
      {problem && <p className="field-error">{problem}</p>}
    </div>
  );
}

/** A list of parts with Add and Remove. */
function Items<T>({
  legend,
  items,
  onChange,
  make,
  addLabel,
  max,
  render,
  error,
}: {
  legend: string;
  items: T[];
  onChange: (v: T[]) => void;
  make: () => T;
  addLabel: string;
  max: number;
  error?: string;
  render: (item: T, i: number, set: (v: T) => void) => ReactNode;
}) {
  return (
    <fieldset className="pages-items">
      <legend>{legend}</legend>
      {error && <p className="field-error">{error}</p>}
      {items.map((item, i) => (
        <div className="pages-item" key={i}>
          {render(item, i, (v) => onChange(items.map((x, j) => (j === i ? v : x))))}
          <button
            type="button"
            className="btn btn--small btn--danger"
            onClick={() => onChange(items.filter((_, j) => j !== i))}
          >
            Remove {i + 1}
          </button>
        </div>
      ))}
      {items.length < max && (
        <button type="button" className="btn btn--small" onClick={() => onChange([...items, make()])}>
          {addLabel}
        </button>
      )}
    </fieldset>
  );
}

const MARKDOWN_HINT =
  'Leave an empty line between paragraphs. "## " at the start of a line makes a heading; "- " a list; **two stars** make words bold; [words](/address) makes a link. A table: lines of cells between | signs, the second line | --- | --- |.';

function PageForm({ page, onDone }: { page: PageJson; onDone: (saved: boolean) => void }) {
  const uid = useId();
  const [draft, setDraft] = useState<PageContent>(page.content);
  const [hidden, setHidden] = useState(page.hidden);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const at = (path: string) => (value: unknown) => {
    setDraft((d) =>
      setIn(
        d,
        path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        value,
      ),
    );
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => !key.startsWith(path))));
  };
  const f = { uid, errors };
  const c = draft;
  const home = c.home;

  async function save(event: SubmitEvent) {
    event.preventDefault();
    if (saving) return;
    const saved = await saveForm<PageJson>({
      path: '/pages',
      method: 'PUT',
      body: { path: page.path, hidden, ...draft },
      check: validatePage,
      setErrors,
      focus,
      setBusy: setSaving,
      done: hidden ? 'Page saved. It is hidden from the website.' : 'Page saved. It is on the website now.',
      failed: 'Failed to save the page',
      offline: 'Failed to save the page. Check the connection and try again.',
    });
    if (saved) onDone(true);
  }

  /** A field's box: its own, or the English one of a field in both languages. */
  function focus(field: string) {
    (document.getElementById(`${uid}-${field}`) ?? document.getElementById(`${uid}-${field}.en`))?.focus();
  }

  return (
    <form className="admin-form pages-form" noValidate onSubmit={save} aria-busy={saving}>
      <h2 id="page-form-title" tabIndex={-1}>
        Edit: {nameOf(page)} <code>{page.path}</code>
      </h2>
      {page.sample && (
        <p className="hint">
          <span className="sample-badge">Sample</span> This page still shows the text the website came with. Saving it
          makes it the school's own.
        </p>
      )}
      <BothLanguages {...f} name="title" label="Heading" value={c.title} onChange={at('title')} />
      <BothLanguages
        {...f}
        name="description"
        label="Description for search engines"
        value={c.description}
        onChange={at('description')}
        max={PAGE_LIMITS.description}
        long={2}
      />
      {!home && (
        <BothLanguages
          {...f}
          name="summary"
          label="Line on the cards that link to this page"
          value={c.summary}
          onChange={at('summary')}
          max={PAGE_LIMITS.description}
        />
      )}
      {home && (
        <>
          <BothLanguages
            {...f}
            name="home.eyebrow"
            label="Small line above the heading"
            value={home.eyebrow}
            onChange={at('home.eyebrow')}
          />
        </>
      )}
      <BothLanguages
        {...f}
        name="lead"
        label={home ? 'Text under the heading' : 'Opening line'}
        value={c.lead}
        onChange={at('lead')}
        max={PAGE_LIMITS.lead}
        long={3}
      />
      {c.person ? (
        <fieldset className="pages-items">
          <legend>Signed by</legend>
          <BothLanguages
            {...f}
            name="person.name"
            label="Name (as signed)"
            value={c.person.name}
            onChange={at('person.name')}
          />
          <BothLanguages {...f} name="person.role" label="Role" value={c.person.role} onChange={at('person.role')} />
          <Picture {...f} name="person.photo" label="Photo" value={c.person.photo} onChange={at('person.photo')} />
        </fieldset>
      ) : (
        <Picture
          {...f}
          name="picture"
          label={home ? 'Main picture' : 'Picture at the top'}
          value={c.picture}
          onChange={at('picture')}
        />
      )}
      {home && (
        <fieldset className="pages-items">
          <legend>Buttons under the text</legend>
          {home.buttons.map((b, i) => (
            <div className="pages-item" key={i}>
              <BothLanguages
                {...f}
                name={`home.buttons.${i}.label`}
                label={`Button ${i + 1}`}
                value={b.label}
                onChange={at(`home.buttons.${i}.label`)}
              />
              <Address {...f} name={`home.buttons.${i}.href`} value={b.href} onChange={at(`home.buttons.${i}.href`)} />
            </div>
          ))}
        </fieldset>
      )}
      {home && (
        <Items
          legend="Figures"
          items={home.stats}
          onChange={at('home.stats')}
          max={PAGE_LIMITS.stats}
          addLabel="Add a figure"
          error={errors['home.stats']}
          make={() => ({ value: empty(), label: empty(), sample: false })}
          render={(s, i, set) => (
            <>
              {s.sample && (
                <p className="hint">
                  <span className="sample-badge">Sample</span> This figure came with the website. Change it, remove it,
                  or{' '}
                  <button type="button" className="btn btn--small" onClick={() => set({ ...s, sample: false })}>
                    Keep it: it is true
                  </button>
                </p>
              )}
              <BothLanguages
                {...f}
                name={`home.stats.${i}.value`}
                label={`Figure ${i + 1}`}
                value={s.value}
                onChange={(v) => set({ ...s, value: v, sample: false })}
              />
              <BothLanguages
                {...f}
                name={`home.stats.${i}.label`}
                label={`What figure ${i + 1} counts`}
                value={s.label}
                onChange={(v) => set({ ...s, label: v, sample: false })}
              />
            </>
          )}
        />
      )}
      {home && (
        <BothLanguages
          {...f}
          name="home.yearsLabel"
          label="Label of the years since the school was founded (empty: not shown)"
          value={home.yearsLabel}
          onChange={at('home.yearsLabel')}
        />
      )}
      {home && (
        <BothLanguages
          {...f}
          name="home.aboutHeading"
          label="Heading of the school's introduction"
          value={home.aboutHeading}
          onChange={at('home.aboutHeading')}
        />
      )}
      <BothLanguages
        {...f}
        name="body"
        label={home ? "The school's introduction" : 'Text'}
        value={c.body}
        onChange={at('body')}
        max={PAGE_LIMITS.body}
        long={12}
        hint={MARKDOWN_HINT}
      />
      <BothLanguages
        {...f}
        name="factsHeading"
        label="Heading of the facts"
        value={c.factsHeading}
        onChange={at('factsHeading')}
      />
      <Items
        legend="Facts"
        items={c.facts}
        onChange={at('facts')}
        max={PAGE_LIMITS.facts}
        addLabel="Add a fact"
        error={errors.facts}
        make={() => ({ label: empty(), value: empty() })}
        render={(item, i) => (
          <>
            <BothLanguages
              {...f}
              name={`facts.${i}.label`}
              label={`Fact ${i + 1}: what`}
              value={item.label}
              onChange={at(`facts.${i}.label`)}
            />
            <BothLanguages
              {...f}
              name={`facts.${i}.value`}
              label={`Fact ${i + 1}: value`}
              value={item.value}
              onChange={at(`facts.${i}.value`)}
            />
          </>
        )}
      />
      <BothLanguages
        {...f}
        name="cardsHeading"
        label="Heading of the cards"
        value={c.cardsHeading}
        onChange={at('cardsHeading')}
      />
      <Items
        legend="Cards"
        items={c.cards}
        onChange={at('cards')}
        max={PAGE_LIMITS.cards}
        addLabel="Add a card"
        error={errors.cards}
        make={() => ({ title: empty(), text: empty(), meta: empty(), picture: null, href: '' })}
        render={(card, i) => (
          <>
            <BothLanguages
              {...f}
              name={`cards.${i}.title`}
              label={`Card ${i + 1}: title`}
              value={card.title}
              onChange={at(`cards.${i}.title`)}
            />
            <BothLanguages
              {...f}
              name={`cards.${i}.meta`}
              label={`Card ${i + 1}: small line above the title`}
              value={card.meta}
              onChange={at(`cards.${i}.meta`)}
            />
            <BothLanguages
              {...f}
              name={`cards.${i}.text`}
              label={`Card ${i + 1}: text`}
              value={card.text}
              onChange={at(`cards.${i}.text`)}
              max={PAGE_LIMITS.cardText}
              long={3}
            />
            <Picture
              {...f}
              name={`cards.${i}.picture`}
              label={`Card ${i + 1}: picture`}
              value={card.picture}
              onChange={at(`cards.${i}.picture`)}
            />
            <Address {...f} name={`cards.${i}.href`} value={card.href} onChange={at(`cards.${i}.href`)} optional />
          </>
        )}
      />
      {!home && (
        <>
          <BothLanguages
            {...f}
            name="photosHeading"
            label="Heading of the photos"
            value={c.photosHeading}
            onChange={at('photosHeading')}
          />
          <Items
            legend="Photos"
            items={c.photos}
            onChange={at('photos')}
            max={PAGE_LIMITS.photos}
            addLabel="Add a photo"
            error={errors.photos}
            make={() => ({ picture: null as unknown as PlacedPicture, caption: empty() })}
            render={(photo, i) => (
              <>
                <Picture
                  {...f}
                  name={`photos.${i}.picture`}
                  label={`Photo ${i + 1}`}
                  value={photo.picture}
                  onChange={at(`photos.${i}.picture`)}
                />
                <BothLanguages
                  {...f}
                  name={`photos.${i}.caption`}
                  label={`Photo ${i + 1}: caption`}
                  value={photo.caption}
                  onChange={at(`photos.${i}.caption`)}
                />
              </>
            )}
          />
        </>
      )}
      {home && (
        <fieldset className="pages-items">
          <legend>Mission band</legend>
          <BothLanguages
            {...f}
            name="home.mission.heading"
            label="Heading"
            value={home.mission.heading}
            onChange={at('home.mission.heading')}
          />
          <BothLanguages
            {...f}
            name="home.mission.text"
            label="Text"
            value={home.mission.text}
            onChange={at('home.mission.text')}
            max={PAGE_LIMITS.lead}
            long={3}
          />
          <BothLanguages
            {...f}
            name="home.mission.tagline"
            label="Motto"
            value={home.mission.tagline}
            onChange={at('home.mission.tagline')}
          />
        </fieldset>
      )}
      {home && (
        <fieldset className="pages-items">
          <legend>Accreditation card (links to the accreditation page)</legend>
          <BothLanguages
            {...f}
            name="home.accreditation.heading"
            label="Heading"
            value={home.accreditation.heading}
            onChange={at('home.accreditation.heading')}
          />
          <BothLanguages
            {...f}
            name="home.accreditation.name"
            label="Name"
            value={home.accreditation.name}
            onChange={at('home.accreditation.name')}
          />
          <BothLanguages
            {...f}
            name="home.accreditation.issuedBy"
            label="Issued by"
            value={home.accreditation.issuedBy}
            onChange={at('home.accreditation.issuedBy')}
          />
          <BothLanguages
            {...f}
            name="home.accreditation.recognition"
            label="Recognition"
            value={home.accreditation.recognition}
            onChange={at('home.accreditation.recognition')}
          />
          <Picture
            {...f}
            name="home.accreditation.logo"
            label="Seal"
            value={home.accreditation.logo}
            onChange={at('home.accreditation.logo')}
          />
        </fieldset>
      )}
      {home && (
        <BothLanguages
          {...f}
          name="home.statsHeading"
          label="Heading of the figures (read out by screen readers)"
          value={home.statsHeading}
          onChange={at('home.statsHeading')}
        />
      )}
      {!page.fixed && (
        <div className="admin-field admin-field--check">
          <label>
            <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} /> Hide this page (it
            leaves the menu and the sitemap; its address answers "Page not found")
          </label>
          {errors.hidden && <p className="field-error">{errors.hidden}</p>}
        </div>
      )}
      <div className="admin-actions pages-form__save">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save the page'}
        </button>
        <button type="button" className="btn" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The address of a page of this site a card or button links to. */
function Address({
  uid,
  errors,
  name,
  value,
  onChange,
  optional,
}: FieldProps & { name: string; value: string; onChange: (v: string) => void; optional?: boolean }) {
  const id = `${uid}-${name}`;
  const error = errors[name];
  return (
    <div className="admin-field">
      <label htmlFor={id}>Links to (an address of this site, e.g. /academy/about){optional ? ', or empty' : ''}</label>
      <input
        id={id}
        type="text"
        inputMode="url"
        value={value}
        maxLength={200}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
