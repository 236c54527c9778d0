import type { Kysely } from 'kysely';
import type { AuthProvider, DatabaseSchema } from '../db/schema.ts';

/** Notes how the user has just signed in (users.auth_provider, platform spec section 3). */
export async function recordAuthProvider(
  db: Kysely<DatabaseSchema>,
  userId: string,
  provider: AuthProvider,
): Promise<void> {
  await db.updateTable('users').set({ auth_provider: provider }).where('id', '=', userId).execute();
}
