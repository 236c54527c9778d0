import type { Walkthrough } from './types.ts';

// Cloudflare R2, DigitalOcean Spaces and Linode: the console issues an access key limited to
// reading one bucket, and the form needs the endpoint (and region) the bucket lives at.

export const R2_WALKTHROUGH: Walkthrough = {
  title: 'Connect a Cloudflare R2 bucket',
  intro:
    'Create an R2 API token that can only read your bucket, and note your account ID for the endpoint. About 3 minutes.',
  steps: [
    {
      title: 'Find your account ID',
      text: 'In the Cloudflare dashboard open R2 Object Storage. Your Account ID is shown on the overview page; your endpoint is that ID followed by .r2.cloudflarestorage.com.',
      code: '{account_id}.r2.cloudflarestorage.com',
      illustration: {
        breadcrumb: 'Cloudflare › R2 Object Storage › Overview',
        nav: ['Overview', 'Buckets', 'API Tokens', 'Settings'],
        activeNav: 'Overview',
        heading: 'Account details',
        rows: [
          { label: 'Account ID', value: '0123456789abcdef0123456789abcdef' },
          { label: 'S3 API', value: '0123…cdef.r2.cloudflarestorage.com' },
        ],
      },
    },
    {
      title: 'Create a read-only API token',
      text: 'Choose Manage R2 API Tokens, then Create API token. Set Permissions to Object Read only, and under Specify bucket(s) pick only the bucket with your images.',
      illustration: {
        breadcrumb: 'R2 › API Tokens › Create API token',
        nav: ['Overview', 'Buckets', 'API Tokens', 'Settings'],
        activeNav: 'API Tokens',
        heading: 'Permissions',
        checks: [
          { label: 'Admin Read & Write', checked: false },
          { label: 'Object Read & Write', checked: false },
          { label: 'Object Read only', checked: true },
        ],
        rows: [{ label: 'Specify bucket(s)', value: 'my-images' }],
        button: 'Create API Token',
      },
    },
    {
      title: 'Copy the S3 credentials',
      text: 'Copy the Access Key ID and the Secret Access Key shown under Use the following credentials for S3 clients. The secret is shown only once.',
      illustration: {
        breadcrumb: 'R2 › API Tokens › darkroom-reader',
        heading: 'Use the following credentials for S3 clients',
        rows: [
          { label: 'Access Key ID', value: '8b3f0c9e2d1a4b5c6d7e8f90a1b2c3d4' },
          { label: 'Secret Access Key', value: '••••••••••••••••••••' },
        ],
        button: 'Finish',
      },
    },
    {
      title: 'Fill in this form',
      text: 'Paste both keys, enter the bucket name and replace {account_id} in the endpoint with your account ID. The region of R2 is always auto.',
      illustration: {
        breadcrumb: 'Darkroom › New source › Link storage',
        heading: 'Cloudflare R2',
        rows: [
          { label: 'Access Key', value: '••••••••••••c3d4' },
          { label: 'Bucket Name', value: 'my-images' },
          { label: 'Endpoint', value: '0123…cdef.r2.cloudflarestorage.com' },
        ],
        button: 'Continue',
      },
    },
  ],
};

export const DIGITALOCEAN_WALKTHROUGH: Walkthrough = {
  title: 'Connect a DigitalOcean Space',
  intro: 'Create a Spaces access key limited to reading your bucket. About 3 minutes.',
  steps: [
    {
      title: 'Note the region and endpoint',
      text: 'In the control panel open Spaces Object Storage and your bucket. Its Settings tab shows the origin endpoint, for example nyc3.digitaloceanspaces.com: the region is its first part (nyc3).',
      illustration: {
        breadcrumb: 'Spaces Object Storage › my-images › Settings',
        nav: ['Files', 'Settings', 'CDN'],
        activeNav: 'Settings',
        heading: 'Endpoints',
        rows: [
          { label: 'Origin endpoint', value: 'https://nyc3.digitaloceanspaces.com' },
          { label: 'Region', value: 'nyc3' },
        ],
      },
    },
    {
      title: 'Create a limited access key',
      text: 'Go to Spaces Object Storage, Access Keys, and choose Create Access Key. Pick Limited Access, select your bucket with the Read permission only, and name the key darkroom-reader.',
      illustration: {
        breadcrumb: 'Spaces Object Storage › Access Keys › Create',
        nav: ['Buckets', 'Access Keys', 'Settings'],
        activeNav: 'Access Keys',
        heading: 'Limited Access',
        rows: [{ label: 'Name', value: 'darkroom-reader' }],
        checks: [
          { label: 'my-images: Read', checked: true },
          { label: 'my-images: Read/Write/Delete', checked: false },
        ],
        button: 'Create Access Key',
      },
    },
    {
      title: 'Copy the keys',
      text: 'Copy the Access Key ID and the Secret Key. The secret is shown only once; if you lose it, create a new key.',
      illustration: {
        breadcrumb: 'Spaces Object Storage › Access Keys',
        heading: 'darkroom-reader',
        rows: [
          { label: 'Access Key ID', value: 'DO00EXAMPLEKEY1234AB' },
          { label: 'Secret Key', value: '••••••••••••••••••••' },
        ],
      },
    },
    {
      title: 'Fill in this form',
      text: 'Paste the keys, enter the bucket name, and give the endpoint without https:// and the region of your bucket.',
      illustration: {
        breadcrumb: 'Darkroom › New source › Link storage',
        heading: 'DigitalOcean',
        rows: [
          { label: 'Bucket Name', value: 'my-images' },
          { label: 'Endpoint', value: 'nyc3.digitaloceanspaces.com' },
          { label: 'Region', value: 'nyc3' },
        ],
        button: 'Continue',
      },
    },
  ],
};

export const LINODE_WALKTHROUGH: Walkthrough = {
  title: 'Connect a Linode (Akamai) Object Storage bucket',
  intro: 'Create an access key limited to reading your bucket. About 3 minutes.',
  steps: [
    {
      title: 'Note the bucket’s region',
      text: 'In Cloud Manager open Object Storage, Buckets. The bucket’s region and hostname are shown beside it, for example us-east-1 and us-east-1.linodeobjects.com.',
      illustration: {
        breadcrumb: 'Cloud Manager › Object Storage › Buckets',
        nav: ['Linodes', 'Volumes', 'Object Storage', 'Domains'],
        activeNav: 'Object Storage',
        heading: 'Buckets',
        rows: [
          { label: 'my-images', value: 'us-east-1.linodeobjects.com' },
          { label: 'Region', value: 'us-east-1' },
        ],
      },
    },
    {
      title: 'Create a read-only access key',
      text: 'On the Access Keys tab choose Create Access Key. Turn on Limited Access and give your bucket Read Only; leave every other bucket at None.',
      illustration: {
        breadcrumb: 'Object Storage › Access Keys › Create',
        nav: ['Buckets', 'Access Keys'],
        activeNav: 'Access Keys',
        heading: 'Limited Access',
        rows: [{ label: 'Label', value: 'darkroom-reader' }],
        checks: [
          { label: 'my-images: Read Only', checked: true },
          { label: 'my-images: Read/Write', checked: false },
        ],
        button: 'Create Access Key',
      },
    },
    {
      title: 'Copy the keys',
      text: 'Copy the Access Key and the Secret Key. The secret is shown only once.',
      illustration: {
        breadcrumb: 'Object Storage › Access Keys',
        heading: 'Access Keys',
        rows: [
          { label: 'Access Key', value: 'LINODEEXAMPLEKEY1234' },
          { label: 'Secret Key', value: '••••••••••••••••••••' },
        ],
        button: 'I Have Saved My Secret Key',
      },
    },
    {
      title: 'Fill in this form',
      text: 'Paste the keys, enter the bucket name, and give the hostname as the endpoint (without https://) with its region.',
      illustration: {
        breadcrumb: 'Darkroom › New source › Link storage',
        heading: 'Linode',
        rows: [
          { label: 'Bucket Name', value: 'my-images' },
          { label: 'Endpoint', value: 'us-east-1.linodeobjects.com' },
          { label: 'Region', value: 'us-east-1' },
        ],
        button: 'Continue',
      },
    },
  ],
};
