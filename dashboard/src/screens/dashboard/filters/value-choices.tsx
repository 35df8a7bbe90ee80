import type { Suggestion } from '../../../lib/analytics/filter-fields';

interface ValueChoicesProps {
  options: readonly Suggestion[];
  values: string[];
  /** The options are on their way (the site's goals). */
  loading: boolean;
  describedBy: string | undefined;
  onValues: (values: string[]) => void;
}

/** The values of a closed set (the devices, the site's goals) as boxes to tick, any of which may match. */
export function ValueChoices({ options, values, loading, describedBy, onValues }: ValueChoicesProps) {
  return (
    <fieldset className="value-choices" aria-describedby={describedBy}>
      <legend>Values</legend>
      {options.length === 0 ? (
        <p className="muted small">
          {loading
            ? 'Loading the goals…'
            : "This site has no goals yet. Owners and admins add them in the site's settings."}
        </p>
      ) : (
        options.map((option) => (
          <label key={option.value} className="value-choice">
            <input
              type="checkbox"
              checked={values.includes(option.value)}
              onChange={(event) =>
                onValues(
                  event.target.checked
                    ? // In the options' order, whatever the order of ticking.
                      options
                        .map((one) => one.value)
                        .filter((value) => value === option.value || values.includes(value))
                    : values.filter((value) => value !== option.value),
                )
              }
            />
            <span>{option.label}</span>
          </label>
        ))
      )}
    </fieldset>
  );
}
