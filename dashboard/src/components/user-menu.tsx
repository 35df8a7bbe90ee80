import { Link } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { useId } from 'react';
import { authStore } from '../app/services';
import { useDisclosure } from '../lib/hooks/use-disclosure';
import { SignOutButton } from './sign-out-button';

/** The first letters of up to two words of a name, for the menu's button ("Ada Lovelace" → "AL"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => [...word][0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/**
 * The signed-in person's menu in the analytics app's header: their account's settings, their sites, the
 * admin area for an admin, the public site's pages (the directory, the blog, adding a listing) and signing
 * out. On a wide screen it opens under its button; inside the phone's header menu it is a plain list.
 */
export function UserMenu() {
  const user = useSelector(authStore, (state) => state.user);
  const admin = useSelector(authStore, (state) => state.admin);
  const menu = useDisclosure<HTMLDivElement>();
  const panelId = useId();
  const account = user ?? admin;
  if (!account) return null;
  return (
    <div className="user-menu" ref={menu.root}>
      <button
        type="button"
        className="user-menu-button"
        aria-expanded={menu.open}
        aria-controls={panelId}
        onClick={menu.toggle}
        ref={menu.button}
      >
        <span className="user-avatar" aria-hidden="true">
          {initialsOf(account.name)}
        </span>
        <span className="user-menu-name">{account.name}</span>
        <span className="visually-hidden"> — account menu</span>
        <span className="user-menu-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <div id={panelId} className="user-menu-panel" data-open={menu.open ? '' : undefined}>
        <p className="user-menu-who small">
          <strong>{account.name}</strong>
          <span className="muted">{account.email}</span>
        </p>
        <ul className="user-menu-items">
          {user ? (
            <>
              <li>
                <Link to="/account/{-$section}" params={{ section: undefined }}>
                  Account settings
                </Link>
              </li>
              <li>
                <Link to="/sites">Your sites</Link>
              </li>
            </>
          ) : null}
          {admin ? (
            <li>
              <Link to="/admin/dashboard" search={{}}>
                Admin
              </Link>
            </li>
          ) : null}
        </ul>
        <ul className="user-menu-items">
          <li>
            <Link to="/home">Directory</Link>
          </li>
          <li>
            <Link to="/blogs">Blog</Link>
          </li>
          <li>
            <Link to="/admin/add-list">Add Listing</Link>
          </li>
        </ul>
        <ul className="user-menu-items">
          <li>
            <SignOutButton name={account.name} />
          </li>
        </ul>
      </div>
    </div>
  );
}
