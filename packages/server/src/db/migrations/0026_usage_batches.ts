import type { Migration } from './migration.ts';

export const usageBatches: Migration = {
  name: '0026_usage_batches',
  async up(db) {
    // The usage batches already written (delivery/usage-batches.ts): the meter names each batch
    // before its first INSERT and writes the name in the same statement as the batch's usage
    // events, so a retry of a batch whose first INSERT did commit (its answer lost with the
    // connection) finds the name taken and writes nothing: no request is counted twice. Names
    // are kept a day, far longer than a batch is retried (an hour at most).
    await db.schema
      .createTable('usage_batches')
      .addColumn('id', 'uuid', (column) => column.primaryKey())
      .addColumn('written_at', 'timestamptz', (column) => column.notNull())
      .execute();
    // The meter's hourly prune deletes the names older than a day.
    await db.schema
      .createIndex('usage_batches_written_at_idx')
      .on('usage_batches')
      .column('written_at')
      .execute();
  },
};
