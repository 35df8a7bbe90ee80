import type { AdminCompany } from '@footfall/contract';
import { useEffect, useId, useState } from 'react';
import { listAdminCompanies } from '../../api/admin-directory';
import { http } from '../../app/services';

const SEARCH_DELAY_MS = 300;
const RESULTS = 8;

interface CompanyPickerProps {
  selected: AdminCompany | null;
  onSelect: (company: AdminCompany | null) => void;
  /** The server's message about the choice (a company that no longer exists). */
  error?: string | undefined;
  /** The search box's label; by default the "Add listing" form's words. */
  label?: string;
  /** The line under the box; by default the "Add listing" form's. */
  hint?: string;
  /** What choosing an option does, for screen readers ("Attach to" by default). */
  verb?: string;
}

type Results =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'done'; companies: AdminCompany[]; total: number }
  | { status: 'failed' };

/**
 * "Attach to an existing company": a search of the companies (`listAdminCompanies`) whose results
 * are a list of radio buttons, so it is used with the keyboard and read by screen readers like any choice.
 */
export function CompanyPicker({
  selected,
  onSelect,
  error,
  label = 'Attach to an existing company (optional)',
  hint = 'Leave empty to create a new company without an owner.',
  verb = 'Attach to',
}: CompanyPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results>({ status: 'idle' });
  const words = query.trim();

  useEffect(() => {
    if (!words) {
      setResults({ status: 'idle' });
      return;
    }
    setResults({ status: 'searching' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      listAdminCompanies(
        http,
        { q: words, per_page: RESULTS },
        { signal: controller.signal, background: true },
      )
        .then((answer) => setResults({ status: 'done', companies: answer.data, total: answer.meta.total }))
        .catch(() => {
          if (!controller.signal.aborted) setResults({ status: 'failed' });
        });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [words]);

  if (selected) {
    return (
      <div className="company-picker">
        <p className="company-picker-chosen">
          <span>
            Attached to <strong>{selected.name}</strong>
            {selected.owner ? <span className="muted"> · owner {selected.owner.email}</span> : null}
          </span>
          <button type="button" className="button button-small" onClick={() => onSelect(null)}>
            Create a new company instead
          </button>
        </p>
        {error ? <p className="field-error">{error}</p> : null}
      </div>
    );
  }

  return (
    <div className="company-picker">
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="search"
          value={query}
          placeholder="Name, website or owner's email"
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          onChange={(event) => setQuery(event.target.value)}
        />
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      </div>
      <div role="status" className="small">
        {results.status === 'searching' ? <span className="muted">Searching…</span> : null}
        {results.status === 'failed' ? (
          <span className="field-error">The search failed. Check your connection and type again.</span>
        ) : null}
        {results.status === 'done' && results.companies.length === 0 ? (
          <span className="muted">No company matches “{words}”.</span>
        ) : null}
      </div>
      {results.status === 'done' && results.companies.length > 0 ? (
        <fieldset className="company-picker-results">
          <legend className="small">
            {results.total > results.companies.length
              ? `The first ${results.companies.length} of ${results.total} matches`
              : `${results.companies.length} ${results.companies.length === 1 ? 'match' : 'matches'}`}
          </legend>
          <ul>
            {results.companies.map((company) => (
              <li key={company.id}>
                <button type="button" className="company-picker-option" onClick={() => onSelect(company)}>
                  <strong>
                    <span className="visually-hidden">{verb} </span>
                    {company.name}
                  </strong>
                  <span className="muted small">
                    {[company.website, company.owner?.email, company.listed ? 'listed' : 'not listed']
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </div>
  );
}
