import type { ProviderCardId } from './wizard.utils.ts';

// The step-by-step guides of the walkthrough panel (spec platform section 2), one per provider
// card. Each step has an illustration drawn by `WalkthroughIllustration` from the description
// below: a console window with its navigation, form rows, check boxes and the button to press.

export interface IllustrationSpec {
  /** The console's location, as its breadcrumb reads. */
  breadcrumb: string;
  nav?: readonly string[];
  activeNav?: string;
  heading?: string;
  rows?: ReadonlyArray<{ label: string; value: string }>;
  checks?: ReadonlyArray<{ label: string; checked: boolean }>;
  code?: readonly string[];
  /** The button the step ends with, highlighted. */
  button?: string;
}

export interface WalkthroughStep {
  title: string;
  text: string;
  /** A snippet to copy (a policy document, an address). */
  code?: string;
  illustration: IllustrationSpec;
}

export interface Walkthrough {
  title: string;
  intro: string;
  steps: readonly WalkthroughStep[];
}

/** The read-only policy of spec section 6: ListBucket, GetBucketLocation and GetObject. */
export const READ_ONLY_POLICY = `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Action": ["s3:ListBucket", "s3:GetBucketLocation"],
      "Resource": "arn:aws:s3:::my-images"
    },
    {
      "Effect": "Allow",
      "Action": ["s3:GetObject"],
      "Resource": "arn:aws:s3:::my-images/*"
    }
  ]
}`;

const FILL_FORM_TEXT =
  'Paste the keys into this form, add the bucket name (and a path prefix if only one folder should be served), then choose Continue: Darkroom checks that it can list the bucket and read a file.';

export const WALKTHROUGHS: Readonly<Record<ProviderCardId, Walkthrough>> = {
  s3: {
    title: 'Connect an Amazon S3 bucket',
    intro:
      'Create an IAM user that can only list your bucket and read its files, then give Darkroom that user’s access key. About 5 minutes.',
    steps: [
      {
        title: 'Create an IAM user',
        text: 'In the AWS console open IAM, then Users, and choose Create user. Name it darkroom-reader and leave console access off: Darkroom only needs an access key.',
        illustration: {
          breadcrumb: 'IAM › Users › Create user',
          nav: ['Dashboard', 'User groups', 'Users', 'Roles', 'Policies'],
          activeNav: 'Users',
          heading: 'Specify user details',
          rows: [{ label: 'User name', value: 'darkroom-reader' }],
          checks: [{ label: 'Provide user access to the AWS Management Console', checked: false }],
          button: 'Next',
        },
      },
      {
        title: 'Allow it to read the bucket, nothing more',
        text: 'Under Permissions options choose Attach policies directly, then Create policy. On the JSON tab paste this policy with your bucket name instead of my-images, name it DarkroomReadOnly, create it and attach it to the user.',
        code: READ_ONLY_POLICY,
        illustration: {
          breadcrumb: 'IAM › Policies › Create policy',
          nav: ['Dashboard', 'User groups', 'Users', 'Roles', 'Policies'],
          activeNav: 'Policies',
          heading: 'Policy editor (JSON)',
          code: [
            '"Action": ["s3:ListBucket",',
            '           "s3:GetBucketLocation"],',
            '"Action": ["s3:GetObject"],',
            '"Resource": "arn:aws:s3:::my-images/*"',
          ],
          button: 'Create policy',
        },
      },
      {
        title: 'Create an access key',
        text: 'Open the user, go to Security credentials and choose Create access key. Pick Application running outside AWS. Copy the Access key ID and the Secret access key: the secret is shown only once.',
        illustration: {
          breadcrumb: 'IAM › Users › darkroom-reader › Create access key',
          nav: ['Permissions', 'Groups', 'Tags', 'Security credentials'],
          activeNav: 'Security credentials',
          heading: 'Retrieve access keys',
          rows: [
            { label: 'Access key', value: 'AKIAIOSFODNN7EXAMPLE' },
            { label: 'Secret access key', value: '••••••••••••••••••••' },
          ],
          button: 'Done',
        },
      },
      {
        title: 'Fill in this form',
        text: FILL_FORM_TEXT,
        illustration: {
          breadcrumb: 'Darkroom › New source › Link storage',
          heading: 'Amazon S3',
          rows: [
            { label: 'Access Key ID', value: '••••••••••••MPLE' },
            { label: 'Secret Access Key', value: '••••••••••••••••' },
            { label: 'Bucket Name', value: 'my-images' },
          ],
          button: 'Continue',
        },
      },
    ],
  },
  r2: {
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
  },
  digitalocean: {
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
  },
  gcs: {
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
  },
  linode: {
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
  },
  azure: {
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
  },
  wasabi: {
    title: 'Connect a Wasabi bucket',
    intro:
      'Create a Wasabi user whose policy only lets it list and read your bucket. About 5 minutes.',
    steps: [
      {
        title: 'Note the bucket’s region',
        text: 'In the Wasabi console open Buckets. The region of your bucket (for example us-west-1) gives the endpoint s3.us-west-1.wasabisys.com.',
        illustration: {
          breadcrumb: 'Wasabi › Buckets',
          nav: ['Buckets', 'Users', 'Groups', 'Policies', 'Access Keys'],
          activeNav: 'Buckets',
          heading: 'Buckets',
          rows: [
            { label: 'my-images', value: 'us-west-1' },
            { label: 'Service URL', value: 's3.us-west-1.wasabisys.com' },
          ],
        },
      },
      {
        title: 'Create a read-only policy',
        text: 'Open Policies and choose Create Policy. Name it DarkroomReadOnly and paste this policy with your bucket name instead of my-images.',
        code: READ_ONLY_POLICY,
        illustration: {
          breadcrumb: 'Wasabi › Policies › Create Policy',
          nav: ['Buckets', 'Users', 'Groups', 'Policies', 'Access Keys'],
          activeNav: 'Policies',
          heading: 'Policy Editor',
          code: [
            '"Action": ["s3:ListBucket",',
            '           "s3:GetBucketLocation"],',
            '"Action": ["s3:GetObject"],',
          ],
          button: 'Create Policy',
        },
      },
      {
        title: 'Create a user with an access key',
        text: 'Open Users, choose Create User, name it darkroom-reader and tick Programmatic (create API key) access. Attach the DarkroomReadOnly policy, then copy (or download) the access key and the secret key.',
        illustration: {
          breadcrumb: 'Wasabi › Users › Create User',
          nav: ['Buckets', 'Users', 'Groups', 'Policies', 'Access Keys'],
          activeNav: 'Users',
          heading: 'Type of access',
          rows: [{ label: 'Username', value: 'darkroom-reader' }],
          checks: [
            { label: 'Programmatic (create API key)', checked: true },
            { label: 'Console (have Wasabi generate a password)', checked: false },
          ],
          button: 'Create User',
        },
      },
      {
        title: 'Fill in this form',
        text: 'Paste the keys, enter the bucket name, and give the service URL (without https://) with its region.',
        illustration: {
          breadcrumb: 'Darkroom › New source › Link storage',
          heading: 'Wasabi',
          rows: [
            { label: 'Bucket Name', value: 'my-images' },
            { label: 'Endpoint', value: 's3.us-west-1.wasabisys.com' },
            { label: 'Region', value: 'us-west-1' },
          ],
          button: 'Continue',
        },
      },
    ],
  },
  webfolder: {
    title: 'Connect a web folder',
    intro:
      'Serve the images your website already publishes: Darkroom fetches each one from the folder’s base URL. No keys needed.',
    steps: [
      {
        title: 'Open one of your images',
        text: 'In your browser open an image from your website and copy its address from the address bar, for example https://www.example.com/images/products/shoe.jpg.',
        illustration: {
          breadcrumb: 'https://www.example.com/images/products/shoe.jpg',
          heading: 'shoe.jpg (1200 × 800)',
          rows: [{ label: 'Address', value: 'https://www.example.com/images/products/shoe.jpg' }],
        },
      },
      {
        title: 'Keep the folder part',
        text: 'The base URL is the address up to the folder every image sits under, here https://www.example.com/images/. It must be public, without a query string (no ?), and not on localhost or a private network.',
        code: 'https://www.example.com/images/',
        illustration: {
          breadcrumb: 'Base URL',
          heading: 'Base URL + image path',
          rows: [
            { label: 'Base URL', value: 'https://www.example.com/images/' },
            { label: 'Image path', value: 'products/shoe.jpg' },
          ],
        },
      },
      {
        title: 'Fill in this form',
        text: 'Paste the base URL and choose Continue: Darkroom checks that it can reach the folder. Your image is then served at https://{subdomain}.{delivery domain}/products/shoe.jpg.',
        illustration: {
          breadcrumb: 'Darkroom › New source › Link storage',
          heading: 'Web Folder',
          rows: [{ label: 'Base URL', value: 'https://www.example.com/images/' }],
          button: 'Continue',
        },
      },
    ],
  },
  webproxy: {
    title: 'Set up a web proxy',
    intro:
      'A web proxy serves images from any public address: each request names the whole image URL. There is no storage to link.',
    steps: [
      {
        title: 'Describe what it serves (optional)',
        text: 'Add a note for your teammates, such as “Product images from our suppliers’ websites”, and choose Continue. Nothing needs to be checked.',
        illustration: {
          breadcrumb: 'Darkroom › New source › Link storage',
          heading: 'Web Proxy',
          rows: [{ label: 'Notes', value: 'Product images from suppliers' }],
          button: 'Continue',
        },
      },
      {
        title: 'Request images by their full address',
        text: 'The path of each request is the image’s whole URL, encoded. Secure URLs are always on for web proxies, so only signed URLs are served.',
        code: 'https://{subdomain}.{delivery domain}/https%3A%2F%2Fwww.example.com%2Fshoe.jpg?w=400&s=…',
        illustration: {
          breadcrumb: 'Request',
          heading: 'Proxy URL',
          rows: [
            { label: 'Origin', value: 'https://www.example.com/shoe.jpg' },
            { label: 'Path', value: 'https%3A%2F%2Fwww.example.com%2F…' },
          ],
        },
      },
    ],
  },
};
