import { FILL_FORM_TEXT, READ_ONLY_POLICY } from './shared-texts.ts';
import type { Walkthrough } from './types.ts';

// Amazon S3 and Wasabi: a user of its own whose access key is limited by the read-only IAM
// policy pasted into the console.

export const S3_WALKTHROUGH: Walkthrough = {
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
};

export const WASABI_WALKTHROUGH: Walkthrough = {
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
};
