import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import '../../test/provided-context.ts';
import { PGliteDialect } from './pglite-dialect.ts';

interface Schema {
  counters: { id: number; value: number };
}

describe('PGliteDialect', () => {
  let db: Kysely<Schema>;

  beforeAll(async () => {
    const template = new Blob([await readFile(inject('pgliteTemplate'))]);
    db = new Kysely<Schema>({ dialect: new PGliteDialect(new PGlite({ loadDataDir: template })) });
    await sql`create table counters (id int primary key, value int not null)`.execute(db);
    await db.insertInto('counters').values({ id: 1, value: 0 }).execute();
  });

  afterAll(async () => {
    await db.destroy();
  });

  it('runs concurrent transactions one after the other, so no update is lost', async () => {
    const increment = () =>
      db.transaction().execute(async (trx) => {
        const { value } = await trx
          .selectFrom('counters')
          .select('value')
          .where('id', '=', 1)
          .executeTakeFirstOrThrow();
        await new Promise((resolve) => setTimeout(resolve, 5));
        await trx
          .updateTable('counters')
          .set({ value: value + 1 })
          .where('id', '=', 1)
          .execute();
      });
    await Promise.all(Array.from({ length: 10 }, increment));
    const { value } = await db.selectFrom('counters').select('value').executeTakeFirstOrThrow();
    expect(value).toBe(10);
  });

  it('rolls a failed transaction back and stays usable', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('counters').values({ id: 2, value: 1 }).execute();
        await trx.insertInto('counters').values({ id: 2, value: 1 }).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const rows = await db.selectFrom('counters').select('id').execute();
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('reports the rows an update or delete changed', async () => {
    await db
      .insertInto('counters')
      .values([
        { id: 3, value: 0 },
        { id: 4, value: 0 },
      ])
      .execute();
    const updated = await db
      .updateTable('counters')
      .set({ value: 7 })
      .where('id', '>', 2)
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const deleted = await db.deleteFrom('counters').where('id', '=', 99).executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(0n);
  });
});
