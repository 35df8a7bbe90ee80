import { SessionLayout } from '../session/session-layout';

/** What a revoked, expired or unknown link shows: no hint of which, nor of whose dashboard it was. */
export function LinkGone() {
  return (
    <SessionLayout
      title="This link is no longer valid"
      lead={
        <p className="muted">
          It may have expired or been revoked by the site's owner. Ask whoever shared it for a new link.
        </p>
      }
    >
      {null}
    </SessionLayout>
  );
}
