import { useEffect, useId, useMemo, useState } from 'react';
import { CopyButton } from '../copy-button';
import { CheckboxField } from '../form-field';

interface RecoveryCodesProps {
  codes: string[];
  /** The account's address, written into the downloaded file so that it says whose codes they are. */
  account: string;
  /** Called once the person says the codes are saved. */
  onDone: () => void;
  doneLabel?: string;
}

/**
 * Recovery codes, shown once (the server keeps only digests): copy them, download them as a text file, and
 * say they are saved before going on.
 */
export function RecoveryCodes({ codes, account, onDone, doneLabel = 'Done' }: RecoveryCodesProps) {
  const [saved, setSaved] = useState(false);
  const titleId = useId();
  const text = useMemo(
    () =>
      [
        `Footfall recovery codes for ${account}`,
        'Each code signs you in once when you cannot use your authenticator app.',
        '',
        ...codes,
        '',
      ].join('\n'),
    [account, codes],
  );
  const [href, setHref] = useState<string | undefined>();
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [text]);

  return (
    <section className="recovery-codes" aria-labelledby={titleId}>
      <h3 id={titleId}>Your recovery codes</h3>
      <p className="small">
        Keep these somewhere safe, such as a password manager. Each code signs you in once if you lose your
        phone. They are not shown again.
      </p>
      <ol className="recovery-code-list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="secret-row">
        <CopyButton text={codes.join('\n')} label="Copy codes" />
        <a className="button button-small" href={href} download="footfall-recovery-codes.txt">
          Download .txt
        </a>
      </div>
      <CheckboxField
        name="codes_saved"
        label="I have saved my recovery codes"
        checked={saved}
        onChecked={setSaved}
      />
      <div className="form-actions">
        <button type="button" className="button button-primary" disabled={!saved} onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </section>
  );
}
