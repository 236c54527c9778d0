import type { Migration } from './migration.ts';

export const uploadCredentials: Migration = {
  name: '0032_upload_credentials',
  async up(db) {
    // The write keys of a storage source (storage/upload-credentials.ts): an access key and a
    // secret key, or an Azure SAS with write and create, encrypted like the read credentials.
    // Apart from them so a source can read with a read-only key; null when it takes no uploads.
    await db.schema.alterTable('sources').addColumn('upload_credentials', 'jsonb').execute();
  },
};
