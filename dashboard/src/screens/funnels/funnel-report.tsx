import type { Funnel, FunnelReport, FunnelStep, Goal } from '@footfall/contract';
import { formatConversionRate, formatNumber } from '@footfall/contract/format';
import { useId, useState } from 'react';
import { deleteFunnel } from '../../api/funnels';
import { http } from '../../app/services';
import { Breakable } from '../../components/breakable';
import { type Outcome, OutcomeNotice } from '../../components/outcome-notice';
import { ChunkFailed } from '../../components/route-error';
import { type Column, SortableTable } from '../../components/sortable-table';
import { useChunk } from '../../lib/hooks/use-chunk';
import { showAlert } from '../../state/alerts';
import { loadCharts } from '../dashboard/lazy-charts';
import { goalSummary } from '../profile/goal-text';
import { messageOf } from '../profile/team-text';

interface FunnelReportPanelProps {
  companyId: number;
  report: FunnelReport;
  funnels: Funnel[];
  goals: Goal[];
  canManage: boolean;
  onChoose: (funnel: Funnel) => void;
  onDeleted: () => void;
}

/** The funnel chosen: its conversion rate, the chart of its steps and their table; the others a choice away. */
export function FunnelReportPanel({
  companyId,
  report,
  funnels,
  goals,
  canManage,
  onChoose,
  onDeleted,
}: FunnelReportPanelProps) {
  const selectId = useId();
  const headingId = useId();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const first = report.steps[0];
  const last = report.steps.at(-1);

  const remove = async () => {
    const choice = await showAlert({
      title: 'Delete this funnel?',
      text: `“${report.name}” is deleted for the whole team. Its goals and the visits stay.`,
    });
    if (choice !== 'ok') return;
    setOutcome(undefined);
    try {
      await deleteFunnel(http, companyId, report.funnel_id);
      onDeleted();
    } catch (error) {
      setOutcome({ tone: 'error', text: messageOf(error, 'The funnel could not be deleted.') });
    }
  };

  return (
    <section className="panel funnel-panel" aria-labelledby={headingId}>
      <header className="panel-head">
        <h2 id={headingId} className="visually-hidden">
          {report.name}
        </h2>
        <div className="funnel-choice">
          <label htmlFor={selectId} className="field-inline">
            Funnel
          </label>
          <select
            id={selectId}
            className="input"
            value={report.funnel_id}
            onChange={(event) => {
              const chosen = funnels.find((funnel) => String(funnel.id) === event.target.value);
              if (chosen) onChoose(chosen);
            }}
          >
            {funnels.map((funnel) => (
              <option key={funnel.id} value={funnel.id}>
                {funnel.name}
              </option>
            ))}
          </select>
        </div>
        {canManage ? (
          <button
            type="button"
            className="button button-small button-danger"
            onClick={() => void remove()}
            aria-label={`Delete the funnel ${report.name}`}
          >
            Delete
          </button>
        ) : null}
      </header>
      <OutcomeNotice outcome={outcome} />
      <div className="funnel-headline">
        <p className="summary-label">Conversion rate</p>
        <p className="summary-value num">{formatConversionRate(report.conversion_rate)}</p>
        <p className="muted small">
          {first && last && first.visitors > 0
            ? `${formatNumber(last.visitors)} of the ${formatNumber(first.visitors)} ${
                first.visitors === 1 ? 'visitor' : 'visitors'
              } who reached “${first.name}” went through all ${report.steps.length} steps.`
            : 'No visitor reached the first step in this period.'}
        </p>
      </div>
      <FunnelChartSlot steps={report.steps} />
      <StepsTable steps={report.steps} goals={goals} />
    </section>
  );
}

function FunnelChartSlot({ steps }: { steps: FunnelStep[] }) {
  const charts = useChunk(loadCharts);
  if (charts.status === 'ready') return <charts.module.FunnelChart steps={steps} />;
  if (charts.status === 'failed') return <ChunkFailed onRetry={charts.retry} />;
  return <div className="chart-skeleton funnel-skeleton" role="status" aria-label="Loading the chart" />;
}

type StepRow = FunnelStep & { index: number };

function StepsTable({ steps, goals }: { steps: FunnelStep[]; goals: Goal[] }) {
  const columns: Column<StepRow>[] = [
    {
      key: 'index',
      label: 'Step',
      sortValue: (row) => row.index,
      render: (row) => {
        const goal = goals.find((candidate) => candidate.id === row.goal_id);
        return (
          <span className="funnel-step-name">
            <span className="code-badge" aria-hidden="true">
              {row.index + 1}
            </span>
            <span>
              <Breakable text={row.name} />
              {goal ? (
                <span className="muted small funnel-step-goal">
                  <Breakable text={goalSummary(goal)} />
                </span>
              ) : null}
            </span>
          </span>
        );
      },
    },
    {
      key: 'visitors',
      label: 'Visitors',
      numeric: true,
      sortValue: (row) => row.visitors,
      render: (row) => formatNumber(row.visitors),
    },
    {
      key: 'dropoff',
      label: 'Drop-off',
      numeric: true,
      sortValue: (row) => row.dropoff,
      render: (row) => (row.index === 0 ? '—' : formatNumber(row.dropoff)),
    },
    {
      key: 'dropoff_rate',
      label: 'Drop-off %',
      numeric: true,
      sortValue: (row) => row.dropoff_rate,
      render: (row) => (row.index === 0 ? '—' : formatConversionRate(row.dropoff_rate)),
    },
  ];
  return (
    <SortableTable
      caption="Funnel steps"
      columns={columns}
      rows={steps.map((step, index) => ({ ...step, index }))}
      rowKey={(row) => String(row.index)}
      initialSort="index"
      initialDirection="ascending"
    />
  );
}
