import { DeleteAccountBody } from '@footfall/contract';
import { confirmAccountDeletion } from '../auth/current-password';
import { deleteCompany } from '../companies/delete-company';
import { fieldError } from '../errors';
import { currentUser } from '../plugins/auth';
import type { App } from '../types';

/**
 * `DELETE /api/user` (docs/api.md "Accounts" and "Sites and teams"): the account goes, after its owner typed its address and, for an account that has one,
 * its password. Every
 * site it owns goes first (each as `DELETE /api/companies/{id}` would), then the user with their
 * memberships and sessions; a colleague's site they only belonged to keeps all of its data.
 */
export async function accountDeletionRoutes(app: App): Promise<void> {
  app.delete(
    '/api/user',
    { config: { auth: 'user' }, schema: { body: DeleteAccountBody } },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.body.email.trim().toLowerCase() !== user.email) {
        throw fieldError('email', 'Type the email address of this account to confirm.');
      }
      await confirmAccountDeletion(app, user, request.body.current_password);
      const companies = await app.repos.companies.listForUser(user.id);
      for (const company of companies) {
        if (company.role !== 'owner') continue;
        await deleteCompany(app, company.id);
        await app.audit.record(request, {
          action: 'site.deleted',
          company: { id: company.id, name: company.name },
          target: { type: 'site', id: company.id, label: company.name },
          details: { with_account: true },
        });
      }
      await app.repos.users.delete(user.id);
      await app.audit.record(request, {
        action: 'account.deleted',
        company: null,
        target: { type: 'user', id: user.id, label: user.email },
      });
      return reply.code(204).send();
    },
  );
}
