// The admin area's end-to-end helpers: an admin signed in through the screen or by cookie, the admin pages
// with their headings, and calls to the API as a given bearer.
import type { Page } from '@playwright/test';
import { adminToken, expect, newAdmin } from './dashboard';
import { readEnvironment } from './environment';

/** Every guarded admin page, with the heading it opens with and its tab in the admin navigation. */
export const ADMIN_PAGES = [
  { name: 'admin-dashboard', path: '/admin/dashboard', heading: 'Admin overview', tab: 'Overview' },
  { name: 'admin-add-list', path: '/admin/add-list', heading: 'Add a listing', tab: 'Add listing' },
  { name: 'admin-companies', path: '/admin/companies', heading: 'Companies', tab: 'Companies' },
  { name: 'admin-users', path: '/admin/users', heading: 'Users', tab: 'Users' },
  { name: 'admin-blogs', path: '/admin/blogs', heading: 'Blog posts', tab: 'Blog' },
  { name: 'admin-blog-new', path: '/admin/blogs/new', heading: 'New post', tab: 'Blog' },
  { name: 'admin-plans', path: '/admin/plans', heading: 'Plans', tab: 'Plans' },
  {
    name: 'admin-subscribers',
    path: '/admin/subscribers',
    heading: 'Newsletter subscribers',
    tab: 'Subscribers',
  },
  { name: 'admin-listings', path: '/admin/listings', heading: 'Directory listings', tab: 'Listings' },
  { name: 'admin-audit-log', path: '/admin/audit-log', heading: 'Audit log', tab: 'Audit log' },
] as const;

/** Signs in through `/admin/login` and waits for the overview's figures. */
export async function signInAsAdmin(
  page: Page,
  account: { email: string; password: string },
  remember = false,
): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  if (remember) await page.getByLabel('Remember me for a year').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('list', { name: 'Totals' })).toBeVisible();
}

/**
 * A new admin whose token is put in the page's `token` cookie, as the sign-in screen would: for the tests
 * about what comes after signing in.
 */
export async function actAsAdmin(page: Page): Promise<{ email: string; password: string; token: string }> {
  const account = await newAdmin();
  const token = await adminToken(account.email, account.password);
  await page.context().addCookies([{ name: 'token', value: token, url: readEnvironment().server }]);
  return { ...account, token };
}

/** The status and JSON body of an API call made as `token` (none: anonymous), outside the browser. */
export async function apiAs(
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; text: string }> {
  const answer = await fetch(readEnvironment().server + path, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: answer.status, json, text };
}

/** Presses Ok on the confirmation (an alert dialog) titled `title`. */
export async function confirm(page: Page, title: string | RegExp): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
}
