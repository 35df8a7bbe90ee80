import { count, eq } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { Admin } from '../../schema/types';
import { normalizeEmail, required } from '../required';

export interface NewAdminInput {
  name: string;
  email: string;
  passwordHash: string;
}

export type AdminsRepository = ReturnType<typeof createAdminsRepository>;

export function createAdminsRepository(db: Db) {
  const { admins } = db.schema;

  return {
    async findById(id: number): Promise<Admin | undefined> {
      const [admin] = await db.orm.select().from(admins).where(eq(admins.id, id));
      return admin;
    },

    async findByEmail(email: string): Promise<Admin | undefined> {
      const [admin] = await db.orm
        .select()
        .from(admins)
        .where(eq(admins.email, normalizeEmail(email)));
      return admin;
    },

    async create(input: NewAdminInput): Promise<Admin> {
      const [admin] = await db.orm
        .insert(admins)
        .values({ ...input, email: normalizeEmail(input.email) })
        .returning();
      return required(admin, 'the new admin');
    },

    async count(): Promise<number> {
      const [row] = await db.orm.select({ total: count() }).from(admins);
      return row?.total ?? 0;
    },
  };
}
