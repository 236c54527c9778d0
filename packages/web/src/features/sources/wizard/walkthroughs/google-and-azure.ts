import { FILL_FORM_TEXT } from './shared-texts.ts';
import type { Walkthrough } from './types.ts';

// The clouds without S3 keys of their own: Google Cloud Storage through an HMAC key of a
// service account, Azure through a shared access signature.

export const GCS_WALKTHROUGH: Walkthrough = {
  title: 'Connect a Google Cloud Storage bucket',
  intro:
    'Darkroom reads Cloud Storage through its S3-interoperable API with an HMAC key of a service account that may only view your objects. About 5 minutes.',
  steps: [
    {
      title: 'Create a service account',
      text: 'In the Cloud console open IAM & Admin, Service accounts, and choose Create service account. Name it darkroom-reader; it needs no project-wide role.',
      illustration: {
        breadcrumb: 'IAM & Admin › Service accounts › Create',
        nav: ['IAM', 'Service accounts', 'Roles', 'Audit logs'],
        activeNav: 'Service accounts',
        heading: 'Service account details',
        rows: [
          { label: 'Service account name', value: 'darkroom-reader' },
          { label: 'Service account ID', value: 'darkroom-reader@my-project…' },
        ],
        button: 'Create and continue',
      },
    },
    {
      title: 'Let it view the bucket',
      text: 'Open your bucket in Cloud Storage, go to Permissions and choose Grant access. Add the service account with the role Storage Object Viewer, which lists and reads objects.',
      illustration: {
        breadcrumb: 'Cloud Storage › Buckets › my-images › Permissions',
        nav: ['Objects', 'Configuration', 'Permissions', 'Protection'],
        activeNav: 'Permissions',
        heading: 'Grant access',
        rows: [
          { label: 'New principals', value: 'darkroom-reader@my-project…' },
          { label: 'Role', value: 'Storage Object Viewer' },
        ],
        button: 'Save',
      },
    },
    {
      title: 'Create an HMAC key',
      text: 'In Cloud Storage open Settings, then the Interoperability tab. Under Access keys for service accounts choose Create a key for a service account and pick darkroom-reader. Copy the access key and the secret: the secret is shown only once.',
      illustration: {
        breadcrumb: 'Cloud Storage › Settings › Interoperability',
        nav: ['Buckets', 'Monitoring', 'Settings'],
        activeNav: 'Settings',
        heading: 'Service account HMAC',
        rows: [
          { label: 'Access key', value: 'GOOG1EXAMPLEACCESSKEY' },
          { label: 'Secret', value: '••••••••••••••••••••' },
        ],
        button: 'Create a key for a service account',
      },
    },
    {
      title: 'Fill in this form',
      text: FILL_FORM_TEXT,
      illustration: {
        breadcrumb: 'Darkroom › New source › Link storage',
        heading: 'Google Cloud',
        rows: [
          { label: 'HMAC Access Key', value: '••••••••••••SKEY' },
          { label: 'HMAC Secret', value: '••••••••••••••••' },
          { label: 'Bucket Name', value: 'my-images' },
        ],
        button: 'Continue',
      },
    },
  ],
};

export const AZURE_WALKTHROUGH: Walkthrough = {
  title: 'Connect Microsoft Azure storage',
  intro:
    'Generate a shared access signature (SAS) that can only read and list, valid for more than a year. About 3 minutes.',
  steps: [
    {
      title: 'Open your storage account',
      text: 'In the Azure portal open Storage accounts and the account that holds your images. Its name (as in mystorageaccount.blob.core.windows.net) is the Storage Account Name of this form.',
      illustration: {
        breadcrumb: 'Home › Storage accounts › mystorageaccount',
        nav: ['Overview', 'Containers', 'File shares', 'Shared access signature'],
        activeNav: 'Overview',
        heading: 'mystorageaccount',
        rows: [
          { label: 'Blob service', value: 'https://mystorageaccount.blob.core…' },
          { label: 'Containers', value: 'images' },
        ],
      },
    },
    {
      title: 'Allow read and list only',
      text: 'Under Security + networking choose Shared access signature. Allowed services: Blob (or File for a file share). Allowed resource types: Container and Object. Allowed permissions: Read and List, nothing else.',
      illustration: {
        breadcrumb: 'mystorageaccount › Shared access signature',
        nav: ['Overview', 'Containers', 'Access keys', 'Shared access signature'],
        activeNav: 'Shared access signature',
        heading: 'Allowed permissions',
        checks: [
          { label: 'Read', checked: true },
          { label: 'Write', checked: false },
          { label: 'Delete', checked: false },
          { label: 'List', checked: true },
        ],
      },
    },
    {
      title: 'Make it last more than a year',
      text: 'Leave the start time at now (or earlier) and set the expiry more than a year ahead: Darkroom refuses a SAS that ends within a year, so your images do not stop loading. Allow HTTPS only, then choose Generate SAS and connection string.',
      illustration: {
        breadcrumb: 'mystorageaccount › Shared access signature',
        heading: 'Start and expiry date/time',
        rows: [
          { label: 'Start', value: 'today' },
          { label: 'End', value: 'two years from today' },
          { label: 'Allowed protocols', value: 'HTTPS only' },
        ],
        button: 'Generate SAS and connection string',
      },
    },
    {
      title: 'Fill in this form',
      text: 'Copy the SAS token (it starts with ?sv=) into SAS Token, enter the account name and the container or file share name, and choose Container (blob) or File Share.',
      code: '?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2027-06-01T00:00:00Z&st=…&spr=https&sig=…',
      illustration: {
        breadcrumb: 'Darkroom › New source › Link storage',
        heading: 'Microsoft Azure',
        rows: [
          { label: 'Storage Account Name', value: 'mystorageaccount' },
          { label: 'Container or File Share Name', value: 'images' },
          { label: 'SAS Token', value: '••••••••••••••••' },
        ],
        button: 'Continue',
      },
    },
  ],
};
