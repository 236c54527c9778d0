import type { ProviderCardId } from './wizard.utils.ts';

const READ_ONLY_USER =
  'Create a read-only user for Darkroom with the S3 permissions ListBucket, GetBucketLocation and GetObject, rather than using keys that can change or delete files.';

/** Spec platform section 6: the side tip of the link step, per provider. */
export const PROVIDER_TIPS: Readonly<Record<ProviderCardId, string>> = {
  s3: READ_ONLY_USER,
  r2: 'Create an R2 API token with the Object Read only permission, limited to this bucket.',
  digitalocean:
    'Create a Spaces access key with Limited Access: Read on this bucket only. Darkroom only lists the bucket and reads its files.',
  gcs: 'Use an HMAC key of a service account with the Storage Object Viewer role on this bucket: it can list and read, nothing more.',
  linode:
    'Create an access key with Limited Access set to Read Only for this bucket. Darkroom only lists the bucket and reads its files.',
  azure:
    'Give the SAS the Read and List permissions only, and an expiry more than a year ahead so your images keep loading.',
  wasabi: READ_ONLY_USER,
  webfolder:
    'The folder must be publicly reachable: Darkroom fetches each image from the base URL followed by the image’s path.',
  webproxy:
    'A web proxy has no storage to link: each request names the whole image URL, and secure URLs are always on.',
};
