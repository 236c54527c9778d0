import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import '../../test/provided-context.ts';
import { MAX_PREPARED_STATEMENTS, PreparedStatements } from './pglite-prepared.ts';

/** The statements this module keeps, as PostgreSQL lists them. */
async function preparedNames(pglite: PGlite): Promise<string[]> {
  const { rows } = await pglite.query<{ name: string }>(
    "select name from pg_prepared_statements where name like 'darkroom\\_%' order by name",
  );
  return rows.map((row) => row.name);
}

describe('PreparedStatements', () => {
  let pglite: PGlite;
  let statements: PreparedStatements;

  beforeEach(async () => {
    pglite = new PGlite({ loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]) });
    statements = new PreparedStatements(pglite);
    await pglite.exec(
      `create table items (id int primary key, name text not null, tags text[], data jsonb,
         flag boolean, blob bytea, at timestamptz, big bigint)`,
    );
  });

  afterEach(async () => {
    await pglite.close();
  });

  it('prepares a text once and runs it again by name', async () => {
    for (let id = 1; id <= 10; id += 1) {
      await statements.query('insert into items (id, name) values ($1, $2)', [id, `item ${id}`]);
    }
    const result = await statements.query<{ name: string }>(
      'select name from items where id = $1',
      [7],
    );
    expect(result.rows).toEqual([{ name: 'item 7' }]);
    expect(await preparedNames(pglite)).toHaveLength(2);
    expect(statements.size).toBe(2);
  });

  it('serializes values and parses rows as PGlite.query does', async () => {
    const at = new Date('2026-11-28T12:00:00.000Z');
    const values = [
      1,
      'one',
      ['a', 'b,c', 'd"e'],
      { nested: [1, 2] },
      true,
      Uint8Array.of(0, 255),
      at,
      2n ** 40n,
    ];
    const insert =
      'insert into items (id, name, tags, data, flag, blob, at, big) values ($1, $2, $3, $4, $5, $6, $7, $8) returning *';
    const prepared = await statements.query(insert, values);
    await pglite.query('delete from items');
    const plain = await pglite.query(insert, values);
    expect(prepared.rows).toEqual(plain.rows);
    expect(prepared.rows[0]).toMatchObject({ tags: ['a', 'b,c', 'd"e'], flag: true, at });
    expect(prepared.affectedRows).toBe(1);
    expect(prepared.command).toBe('INSERT');
    const nulls = await statements.query<{ data: unknown }>(
      'update items set data = $1 where id = $2 returning data',
      [null, 1],
    );
    expect(nulls.rows).toEqual([{ data: null }]);
  });

  it('keeps the error PostgreSQL raised and stays usable', async () => {
    await statements.query('insert into items (id, name) values ($1, $2)', [1, 'one']);
    await expect(
      statements.query('insert into items (id, name) values ($1, $2)', [1, 'again']),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(statements.query('select nonsense from items', [])).rejects.toMatchObject({
      code: '42703',
    });
    const { rows } = await statements.query('select id from items', []);
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('rolls a transaction back around prepared statements', async () => {
    await statements.query('begin', []);
    await statements.query('insert into items (id, name) values ($1, $2)', [1, 'one']);
    await expect(
      statements.query('insert into items (id, name) values ($1, $2)', [1, 'one']),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(statements.query('select id from items', [])).rejects.toMatchObject({
      code: '25P02',
    });
    await statements.query('rollback', []);
    expect((await statements.query('select id from items', [])).rows).toEqual([]);
  });

  it('prepares again after DDL, so a kept `select *` sees new columns', async () => {
    await statements.query('insert into items (id, name) values ($1, $2)', [1, 'one']);
    const before = await statements.query('select * from items where id = $1', [1]);
    expect(before.rows[0]).not.toHaveProperty('extra');
    await statements.query("alter table items add column extra text default 'x'", []);
    const after = await statements.query('select * from items where id = $1', [1]);
    expect(after.rows[0]).toMatchObject({ extra: 'x' });
  });

  it('prepares again when a table changed under a kept statement by another path', async () => {
    await statements.query('insert into items (id, name) values ($1, $2)', [1, 'one']);
    await statements.query('select * from items where id = $1', [1]);
    await pglite.exec("alter table items add column other text default 'y'");
    const after = await statements.query('select * from items where id = $1', [1]);
    expect(after.rows[0]).toMatchObject({ other: 'y' });
    // The statement replaced is closed, not left behind.
    await statements.query('select 1', []);
    expect(await preparedNames(pglite)).toHaveLength(statements.size);
  });

  it('keeps at most a bounded number of statements, closing the least recently used', async () => {
    const extra = 20;
    for (let index = 0; index < MAX_PREPARED_STATEMENTS + extra; index += 1) {
      await statements.query(`select $1::int + ${index} as total`, [1]);
    }
    expect(statements.size).toBe(MAX_PREPARED_STATEMENTS);
    // The last evictions are closed on the next trip into the engine.
    await statements.query('select $1::int + 0 as total', [1]);
    expect((await preparedNames(pglite)).length).toBe(MAX_PREPARED_STATEMENTS);
  });
});
