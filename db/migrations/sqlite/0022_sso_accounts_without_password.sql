-- Accounts made by single sign-on were given a random password that nobody knows; they now store 'none',
-- which no password verifies and which the routes that ask for the current password recognise. Such an
-- account's identity was linked in the transaction that created it (a later link needs a verified address,
-- which takes minutes), so its link is as old as the account.
UPDATE "users" SET "password_hash" = 'none'
WHERE EXISTS (
  SELECT 1 FROM "oidc_identities" AS "i"
  WHERE "i"."user_id" = "users"."id" AND abs("i"."created_at" - "users"."created_at") < 5000
);
