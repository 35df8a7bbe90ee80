import { eq } from 'drizzle-orm';
import type { Db } from '../create-db';
import { required } from './required';

export type InstanceSecretsRepository = ReturnType<typeof createInstanceSecretsRepository>;

/** Secrets shared by every server of the database, made once by whichever server asks first. */
export function createInstanceSecretsRepository(db: Db) {
  const { instanceSecrets } = db.schema;
  return {
    /**
     * The secret called `name`: the stored one, or `candidate` when there was none. Servers racing agree,
     * since the first insert wins and every one reads it back.
     */
    async getOrCreate(name: string, candidate: string, now: Date): Promise<string> {
      await db.orm
        .insert(instanceSecrets)
        .values({ name, value: candidate, createdAt: now })
        .onConflictDoNothing();
      const [row] = await db.orm
        .select({ value: instanceSecrets.value })
        .from(instanceSecrets)
        .where(eq(instanceSecrets.name, name));
      return required(row, `the instance secret ${name}`).value;
    },
  };
}
