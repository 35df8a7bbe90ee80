import { Link } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { useEffect } from 'react';
import { authStore } from '../../app/services';

/**
 * `/admin/add-list` for anyone but an admin: what a listing is, and how to get one. A site owner lists
 * their own company from its settings; admins add listings for others.
 */
export default function ListingGuide() {
  const company = useSelector(authStore, (state) => state.user?.companies[0]);

  useEffect(() => {
    document.title = 'Add a listing · Footfall';
  }, []);

  return (
    <>
      <header className="page-hero">
        <div className="container narrow">
          <h1>Add a listing</h1>
          <p className="lead muted">
            A listing puts a company in Footfall's public directory on the home page: its name, logo,
            description and website, and, if it chooses to publish them, its visitors of the last 30 days.
          </p>
        </div>
      </header>
      <section className="container narrow page listing-guide" aria-label="How to get listed">
        <h2>Your own company</h2>
        {company ? (
          <>
            <p>
              Open your company's settings, tick <strong>List in the public directory</strong>, and add a
              description and a logo. Tick <strong>Public stats</strong> as well to show your visitor numbers
              on the card.
            </p>
            <p>
              <Link
                to="/user-profile/$company_id/{-$section}"
                params={{ company_id: company.id, section: 'general' }}
                className="button button-primary"
              >
                Open {company.name}'s settings
              </Link>
            </p>
          </>
        ) : (
          <>
            <p>
              Sign up for free, add the snippet to your site, then list your company from its settings: tick{' '}
              <strong>List in the public directory</strong> and add a description and a logo.
            </p>
            <p className="actions">
              <Link to="/session/sign-up" className="button button-primary">
                Sign up free
              </Link>
              <Link to="/session/sign-in/{-$user_id}" params={{}} className="button">
                Sign in
              </Link>
            </p>
          </>
        )}
        <h2>Someone else's company</h2>
        <p>
          The directory's editors can list any company, with or without an account. Ask them, or, if you are
          one,{' '}
          <Link to="/admin/login" search={{ redirect: '/admin/add-list' }}>
            sign in as an admin
          </Link>{' '}
          to add it here.
        </p>
        <p>
          <Link to="/home">See the directory</Link>
        </p>
      </section>
    </>
  );
}
