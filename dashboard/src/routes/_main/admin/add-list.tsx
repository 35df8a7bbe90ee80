import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { readToken, tokenKind } from '../../../api/token';
import { auth, cookies } from '../../../app/services';
import { chunkLoader } from '../../../lib/browser/load-chunk';

// Two screens share the path: each is a chunk of its own, and a failed load reaches the route's error view.
const AddListing = lazy(chunkLoader(() => import('../../../screens/admin/add-listing')));
const ListingGuide = lazy(chunkLoader(() => import('../../../screens/home/listing-guide')));

// The header's "Add Listing" leads here for everyone (docs/api.md "Admin: overview, companies, listings and users"). An admin adds a listing; anyone else learns
// what a listing is and how to get one, rather than being bounced to a sign-in that is not theirs. It sits
// outside the admin area's guard for that reason; the server guards the admin data itself.
export const Route = createFileRoute('/_main/admin/add-list')({
  beforeLoad: async () => {
    const token = readToken(cookies);
    const account = token && tokenKind(token) === 'admin' ? await auth.ensureAccount() : null;
    return { isAdmin: account !== null && 'role' in account };
  },
  component: AddListRoute,
});

function AddListRoute() {
  const { isAdmin } = Route.useRouteContext();
  return isAdmin ? <AddListing /> : <ListingGuide />;
}
