import type { Goal } from '@footfall/contract';
import { useEffect, useState } from 'react';
import { getAnalyticsDetail } from '../../api/analytics';
import { deleteGoal } from '../../api/goals';
import { http } from '../../app/services';
import { Breakable } from '../../components/breakable';
import { type Outcome, OutcomeNotice } from '../../components/outcome-notice';
import { showAlert } from '../../state/alerts';
import { GoalForm, type GoalSuggestions } from './goal-form';
import { goalSummary } from './goal-text';
import { messageOf } from './team-text';

/**
 * The event names and paths the site sent in the last 30 days, for the goal form to suggest (in the
 * background: the form works without them).
 */
function useSuggestions(companyId: number): GoalSuggestions {
  const [suggestions, setSuggestions] = useState<GoalSuggestions>({ events: [], pages: [] });
  useEffect(() => {
    const controller = new AbortController();
    getAnalyticsDetail(
      http,
      companyId,
      { period: '30d', limit: 100 },
      { background: true, signal: controller.signal },
    )
      .then(({ data }) =>
        setSuggestions({
          events: data.breakdowns.events.map((row) => row.value),
          pages: data.breakdowns.pages.map((row) => row.value),
        }),
      )
      .catch(() => undefined);
    return () => controller.abort();
  }, [companyId]);
  return suggestions;
}

/** A company's goals, for its owner and admins: what counts as a conversion, added, changed and deleted here. */
export function Goals({ companyId, goals: initial }: { companyId: number; goals: Goal[] }) {
  const [goals, setGoals] = useState(initial);
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [generation, setGeneration] = useState(0);
  const [editing, setEditing] = useState<number | undefined>();
  const suggestions = useSuggestions(companyId);

  const remove = async (goal: Goal) => {
    const choice = await showAlert({
      title: 'Delete this goal?',
      text: `“${goal.name}” stops being counted as a conversion. The visits themselves stay.`,
    });
    if (choice !== 'ok') return;
    setOutcome(undefined);
    try {
      await deleteGoal(http, companyId, goal.id);
      setGoals((current) => current.filter((other) => other.id !== goal.id));
      setOutcome({ tone: 'success', text: `The goal “${goal.name}” was deleted.` });
    } catch (error) {
      setOutcome({ tone: 'error', text: messageOf(error, 'The goal could not be deleted.') });
    }
  };

  return (
    <section id="goals" className="panel settings-section" aria-labelledby="goals-title">
      <h2 id="goals-title">Goals</h2>
      <p className="muted">
        A goal is what counts as a conversion: a custom event, such as a sign-up, or a visit to a page, such
        as /thanks.
      </p>
      {goals.length === 0 ? (
        <p className="muted">No goals yet.</p>
      ) : (
        <ul className="member-list" aria-label="Goals">
          {goals.map((goal) => (
            <li key={goal.id} className="member-item">
              <div className="member-info">
                <p className="member-name">
                  <strong>
                    <Breakable text={goal.name} />
                  </strong>
                </p>
                <p className="muted small member-meta">
                  <Breakable text={goalSummary(goal)} />
                </p>
              </div>
              <div className="member-actions">
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Edit the goal ${goal.name}`}
                  aria-expanded={editing === goal.id}
                  onClick={() => setEditing(editing === goal.id ? undefined : goal.id)}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="button button-small button-danger"
                  aria-label={`Delete the goal ${goal.name}`}
                  onClick={() => void remove(goal)}
                >
                  Delete
                </button>
              </div>
              {editing === goal.id ? (
                <div className="goal-edit">
                  <GoalForm
                    companyId={companyId}
                    goal={goal}
                    suggestions={suggestions}
                    onCancel={() => setEditing(undefined)}
                    onSaved={(saved) => {
                      setGoals((current) => current.map((other) => (other.id === saved.id ? saved : other)));
                      setEditing(undefined);
                      setOutcome({ tone: 'success', text: `The goal “${saved.name}” was saved.` });
                    }}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <OutcomeNotice outcome={outcome} />
      <h3 className="settings-subtitle">Add a goal</h3>
      <GoalForm
        key={generation}
        companyId={companyId}
        suggestions={suggestions}
        onSaved={(goal) => {
          setGoals((current) => [...current, goal]);
          setGeneration((count) => count + 1);
          setOutcome({ tone: 'success', text: `The goal “${goal.name}” was added.` });
        }}
      />
    </section>
  );
}
