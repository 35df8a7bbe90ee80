// Which of the invitation page's three offers a reader gets: accept, sign out, or sign in or up.

/** Who is reading the invitation: its address signed in, another account, or nobody. */
export type InvitationReader = 'invited' | 'other-account' | 'signed-out';

export function invitationReader(invitedEmail: string, signedInEmail: string | undefined): InvitationReader {
  if (signedInEmail === undefined) return 'signed-out';
  return signedInEmail.toLowerCase() === invitedEmail.toLowerCase() ? 'invited' : 'other-account';
}
