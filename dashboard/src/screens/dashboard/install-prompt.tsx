import { Link } from '@tanstack/react-router';
import { useIsShared } from './analytics-source';

/**
 * What a company without any visitor sees instead of empty charts: what to do next, and where to test it.
 */
export function InstallPrompt({ companyId, filtered }: { companyId: number; filtered: boolean }) {
  const isShared = useIsShared();
  if (filtered) {
    return (
      <div className="empty-state" role="status">
        <h2>No visitors match these filters</h2>
        <p className="muted">Remove a filter above or choose a longer period.</p>
      </div>
    );
  }
  // A shared link's viewer cannot install anything: the period is all they can change.
  if (isShared) {
    return (
      <div className="empty-state" role="status">
        <h2>No visitors in this period</h2>
        <p className="muted">Choose a longer period above.</p>
      </div>
    );
  }
  return (
    <div className="empty-state" role="status">
      <h2>No visitors in this period yet</h2>
      <p className="muted">
        If you have just signed up, add the Footfall snippet to your site: one script tag in the page's{' '}
        <code>&lt;head&gt;</code>. Visits appear here within seconds.
      </p>
      <div className="actions">
        <Link
          to="/test-site/$company_id"
          params={{ company_id: companyId }}
          className="button button-primary"
        >
          Get the snippet and test it
        </Link>
      </div>
    </div>
  );
}
