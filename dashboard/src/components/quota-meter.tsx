import { formatNumber, formatPercent } from '@footfall/contract/format';

/** The share used, in words: a little use is "<1%", not a misleading "0%". */
export function shareText(share: number): string {
  if (share > 0 && share < 0.01) return '<1%';
  return formatPercent(share * 100);
}

/** docs/api.md "Plans and billing": the dashboard warns from 80 % of a quota. */
export const QUOTA_WARNING_SHARE = 0.8;

interface QuotaMeterProps {
  label: string;
  used: number;
  quota: number;
  /** What the period is, e.g. "this month (Nov 1 – Nov 30)". */
  period: string;
  /** What happens once the quota is reached. */
  whenReached: string;
}

/** Usage against a quota as a bar, amber from 80 %, red when reached, with the figures in words. */
export function QuotaMeter({ label, used, quota, period, whenReached }: QuotaMeterProps) {
  const share = quota > 0 ? used / quota : 0;
  const tone = share >= 1 ? 'over' : share >= QUOTA_WARNING_SHARE ? 'warning' : 'ok';
  return (
    <div className={`quota quota-${tone}`}>
      <div className="quota-head">
        <span className="quota-label">{label}</span>
        <span className="num">
          <strong>{formatNumber(used)}</strong> of {formatNumber(quota)} ({shareText(share)})
        </span>
      </div>
      <meter
        className="quota-bar"
        min={0}
        max={Math.max(quota, 1)}
        low={quota * QUOTA_WARNING_SHARE}
        high={quota * 0.999}
        optimum={0}
        value={Math.min(used, Math.max(quota, 1))}
        aria-label={`${label}: ${formatNumber(used)} of ${formatNumber(quota)}`}
      />
      <p className="muted small">
        {period}
        {tone === 'warning' ? ' · Over 80 % of the quota is used.' : ''}
        {tone === 'over' ? ` · The quota is reached: ${whenReached}` : ''}
      </p>
    </div>
  );
}
