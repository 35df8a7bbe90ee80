import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { useEffect } from 'react';
import { authStore } from '../../app/services';
import { PlanCard } from './plan-card';

const route = getRouteApi('/_main/plans');

/**
 * `/plans` (and `/pricing`): the plans for anyone to compare before signing up. Every account starts on the
 * free plan; a site's owner changes plan from the site's own Plans page, which a signed-in visitor is sent to.
 */
export default function PublicPlans() {
  const plans = route.useLoaderData();
  const signedIn = useSelector(authStore, (state) => state.user !== null);
  useEffect(() => {
    document.title = 'Plans · Footfall';
  }, []);
  return (
    <div className="container public-plans">
      <h1>Plans</h1>
      <p className="muted">
        Privacy-friendly analytics with no cookies. Every account starts free; change plan at any time from
        your site's settings, and a new quota counts this month's usage so far.
      </p>
      <ul className="plan-grid" aria-label="Plans">
        {plans.map((plan) => (
          <li key={plan.id}>
            <PlanCard plan={plan}>
              <div className="plan-action">
                {signedIn ? (
                  <Link to="/sites" className="button button-block">
                    Choose for one of your sites
                  </Link>
                ) : (
                  <Link
                    to="/session/sign-up"
                    className={
                      plan.price_cents === 0 ? 'button button-primary button-block' : 'button button-block'
                    }
                  >
                    {plan.price_cents === 0 ? 'Start free' : `Start free, then ${plan.name}`}
                  </Link>
                )}
              </div>
            </PlanCard>
          </li>
        ))}
      </ul>
      <p className="muted small">Prices are per month. Imported events do not count toward the quota.</p>
    </div>
  );
}
