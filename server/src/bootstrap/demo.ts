import type { GoalDefinition, Repositories } from '@footfall/db';
import { hashPassword } from '../auth/passwords';
import { newTrackingKey, randomToken } from '../auth/tokens';
import { seedDemoContent } from '../content/demo-content';

export const DEMO_EMAIL = 'demo@footfall.example';
export const DEMO_ADMIN_EMAIL = 'admin@footfall.example';

export interface DemoCredentials {
  email: string;
  password: string;
  companyId: number;
  trackingKey: string;
  /** The admin area's account, when the server had no admin yet (none configured by the environment). */
  admin?: { email: string; password: string };
}

/** Where the demo company's tracking key is written, in `DATA_DIR`: `npm run examples` reads it. */
export const DEMO_TRACKING_KEY_FILE = 'demo-tracking-key';

/**
 * Seeds a demo workspace on an empty database: a verified user owning one company, listed in the directory
 * with its public stats, the blog's first posts, and an admin when the environment configured none. The password is random and shown once at start; there
 * is no fixed demo password to guess on a server that forgot to remove it.
 */
export async function seedDemo(repos: Repositories, now: Date): Promise<DemoCredentials | undefined> {
  if ((await repos.users.count()) > 0) return undefined;
  const password = randomToken(12);
  const { user, company } = await repos.users.register({
    user: { name: 'Demo User', email: DEMO_EMAIL, passwordHash: await hashPassword(password) },
    company: {
      name: 'Demo Company',
      website: 'https://demo.footfall.example',
      timezone: 'UTC',
      trackingKey: newTrackingKey(),
    },
  });
  await repos.users.markVerified(user.id, now);
  // The example site and the directory show the widget, which stays empty unless the company's stats are public.
  await repos.companies.update(company.id, {
    publicStats: true,
    listed: true,
    category: 'Software',
    description:
      'The sample workspace of this Footfall server: 30 days of generated visits, to explore the dashboard with.',
  });
  await seedDemoConversions(repos, company.id);
  await seedDemoNotes(repos, company.id, { id: user.id, name: user.name }, now);
  await seedDemoContent(repos, now);
  return {
    email: user.email,
    password,
    companyId: company.id,
    trackingKey: company.trackingKey,
    admin: await seedDemoAdmin(repos),
  };
}

/**
 * Goals and a funnel on what the sample traffic does (`demo-traffic.ts`): sign-ups on /pricing with their
 * plan and first month's revenue, downloads from /docs/install; so that conversions show from the start.
 */
async function seedDemoConversions(repos: Repositories, companyId: number): Promise<void> {
  const goal = (definition: Partial<GoalDefinition> & { name: string }) =>
    repos.goals.create(companyId, {
      eventName: null,
      pagePath: null,
      propKey: null,
      propValue: null,
      revenueCurrency: null,
      ...definition,
    });
  const home = await goal({ name: 'Visited the home page', pagePath: '/' });
  const pricing = await goal({ name: 'Read the pricing', pagePath: '/pricing' });
  const signup = await goal({ name: 'Signed up', eventName: 'Signup', revenueCurrency: 'EUR' });
  await goal({ name: 'Business plan', eventName: 'Signup', propKey: 'plan', propValue: 'business' });
  await goal({ name: 'Downloaded Footfall', eventName: 'File Download' });
  await goal({ name: 'Read the docs', pagePath: '/docs/**' });
  await repos.funnels.create(companyId, {
    name: 'From the home page to a sign-up',
    steps: [home.id, pricing.id, signup.id],
  });
}

/** The day `days` before `now`, in UTC (the demo company's time zone). */
function daysBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/** Two notes on the chart, a day and a range, so that the annotations show from the start. */
async function seedDemoNotes(
  repos: Repositories,
  companyId: number,
  author: { id: number; name: string },
  now: Date,
): Promise<void> {
  await repos.annotations.create(companyId, {
    date: daysBefore(now, 12),
    endDate: null,
    text: 'Published the installation guide',
    author,
  });
  await repos.annotations.create(companyId, {
    date: daysBefore(now, 6),
    endDate: daysBefore(now, 4),
    text: 'Spring offer on the pricing page',
    author,
  });
}

/** An admin for the admin area, so a demo server can be run whole; none when an admin exists already. */
async function seedDemoAdmin(repos: Repositories): Promise<DemoCredentials['admin']> {
  if ((await repos.admins.count()) > 0) return undefined;
  const password = randomToken(12);
  await repos.admins.create({
    name: 'Demo Admin',
    email: DEMO_ADMIN_EMAIL,
    passwordHash: await hashPassword(password),
  });
  return { email: DEMO_ADMIN_EMAIL, password };
}
