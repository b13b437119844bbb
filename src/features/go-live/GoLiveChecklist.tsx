/**
 * The dashboard's go-live checklist: what the school has not yet set or replaced (sample texts and
 * pictures, profile fields, fees, disclosure documents, payment and message keys), each line a link
 * to where it is done, with how many are left where that helps. Lines already done are folded into
 * a count. It blocks nothing: the site works meanwhile.
 */
import { getJson } from '../../lib/admin/admin-api.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import type { GoLiveLine } from './go-live.ts';
import './go-live.css';

export default function GoLiveChecklist() {
  const { data, failed } = useLoad(() => getJson<{ data: GoLiveLine[] }>('/dashboard/go-live'), []);
  if (!data)
    return failed ? (
      <p className="admin-state">Could not load the go-live checklist. Reload the page to try again.</p>
    ) : null;
  const lines = data.data;
  const left = lines.filter((l) => !l.done);
  return (
    <section className="go-live" aria-labelledby="go-live-h">
      <h2 id="go-live-h">Before the site goes live</h2>
      {left.length === 0 ? (
        <p>
          <span aria-hidden="true">✓ </span>Everything on the checklist is done: the site shows only what the school has
          set.
        </p>
      ) : (
        <>
          <p className="hint">
            What the school has not yet set or replaced. The site works meanwhile; open a line to do it.
          </p>
          <ul className="go-live__list">
            {left.map((l) => (
              <li key={`${l.code} ${l.href}`}>
                <a href={l.href}>
                  {l.text}
                  {l.count ? <span className="go-live__count"> ({l.count} left)</span> : null}
                </a>
              </li>
            ))}
          </ul>
          <p className="go-live__done">
            <span aria-hidden="true">✓ </span>
            {lines.length - left.length} of {lines.length} done.
          </p>
        </>
      )}
    </section>
  );
}
