import type { Company } from '@footfall/contract';
import { Link } from '@tanstack/react-router';
import { CopyButton } from '../../components/copy-button';
import { Snippet } from '../test-site/snippet';

/**
 * The site's installation, where a site owner looks for it in Settings: the snippet with its options, the
 * tracking key it carries (which the examples and the other ways of sending events ask for), and the ways
 * to check that pageviews arrive.
 */
export function Installation({ company }: { company: Company }) {
  return (
    <Snippet trackingKey={company.tracking_key} title="Installation">
      <h3 className="settings-subhead">Tracking key</h3>
      <div className="code-block">
        <pre data-testid="tracking-key">
          <code>{company.tracking_key}</code>
        </pre>
        <CopyButton text={company.tracking_key} label="Copy key" />
      </div>
      <p className="small">
        <Link to="/sites/$company_id/setup" params={{ company_id: company.id }}>
          Check the installation
        </Link>
        {' · '}
        <Link to="/test-site/$company_id" params={{ company_id: company.id }}>
          Send test events
        </Link>
      </p>
    </Snippet>
  );
}
