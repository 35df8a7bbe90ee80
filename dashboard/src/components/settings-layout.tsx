import type { ReactNode } from 'react';

export interface SettingsNavItem {
  id: string;
  label: string;
}

/** A section with its panels. */
export interface SettingsSection extends SettingsNavItem {
  content: ReactNode;
}

/** A link to a section (`undefined`: the list of sections), made by the screen that knows its route. */
export type SectionLink = (
  section: string | undefined,
  props: { className: string; 'aria-current'?: 'page' },
  children: ReactNode,
) => ReactNode;

interface SettingsLayoutProps {
  /** What the navigation is called to a screen reader ("Site settings"). */
  label: string;
  /** The sections offered, in their order; each one's panels stay mounted, hidden, while another is shown. */
  sections: readonly SettingsSection[];
  /** The section shown: the one in the address, else the first. */
  current: string;
  /** Whether the address names a section; on a phone the bare address is the list of sections. */
  chosen: boolean;
  link: SectionLink;
}

/**
 * Settings in sections, each at its own address: a side navigation beside the section on a wide screen;
 * on a phone a list of the sections, and each section alone under a link back to that list (CSS decides
 * which by the width, `settings.css`).
 */
export function SettingsLayout({ label, sections, current, chosen, link }: SettingsLayoutProps) {
  const currentLabel = sections.find((item) => item.id === current)?.label;
  return (
    <div className="settings-layout" data-chosen={chosen ? '' : undefined}>
      <nav className="settings-nav" aria-label={label}>
        <ul>
          {sections.map((item) => (
            <li key={item.id}>
              {link(
                item.id,
                {
                  className: item.id === current ? 'settings-nav-link is-shown' : 'settings-nav-link',
                  // The bare address is the list on a phone: its first section is not yet "the page".
                  ...(item.id === current && chosen ? { 'aria-current': 'page' as const } : {}),
                },
                <>
                  <span>{item.label}</span>
                  <span className="settings-nav-chevron" aria-hidden="true">
                    ›
                  </span>
                </>,
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-content">
        <p className="settings-back small">
          {link(undefined, { className: 'settings-back-link' }, <>‹ All {label.toLowerCase()}</>)}
          {currentLabel ? <span className="visually-hidden"> (now on {currentLabel})</span> : null}
        </p>
        {sections.map((section) => (
          // Mounted while hidden, so that switching sections keeps what was typed.
          <div key={section.id} className="settings-pane" hidden={section.id !== current}>
            {section.content}
          </div>
        ))}
      </div>
    </div>
  );
}
