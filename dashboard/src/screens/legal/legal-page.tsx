import type { ReactNode } from 'react';

export interface LegalSection {
  /** The heading's id, so `#id` links land on it. */
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page: a hero with the title, a table of contents, and sections whose headings carry ids. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <article className="legal">
      <header className="page-hero">
        <div className="container">
          <h1>{title}</h1>
          <p className="muted">Last updated {updated}</p>
        </div>
      </header>
      <div className="container legal-body">
        <nav className="legal-toc" aria-label="On this page">
          <h2 className="small">On this page</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="prose">
          {intro}
          {sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id}>{section.title}</h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
