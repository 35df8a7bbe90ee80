ALTER TABLE "auth_sessions" ADD COLUMN "last_used_ip" text;--> statement-breakpoint
-- Sessions now keep the network they signed in from, not the address: an IPv4 address (also written as
-- ::ffff:a.b.c.d) keeps its /24 with the last number 0. An IPv6 address cannot be cut to its /48 in SQL
-- (its zeros may be folded into "::" anywhere), so an older IPv6 session forgets where it signed in; where it
-- is used from is recorded again at its next request.
UPDATE "auth_sessions" SET "ip" = CASE
  WHEN "ip" NOT LIKE '%:%' AND "ip" LIKE '%.%.%.%' THEN rtrim("ip", '0123456789') || '0'
  WHEN lower("ip") LIKE '::ffff:%.%.%.%' AND substr("ip", 8) NOT LIKE '%:%'
    THEN rtrim(substr("ip", 8), '0123456789') || '0'
END
WHERE "ip" IS NOT NULL;
