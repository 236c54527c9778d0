import { AZURE_WALKTHROUGH, GCS_WALKTHROUGH } from './walkthroughs/google-and-azure.ts';
import { S3_WALKTHROUGH, WASABI_WALKTHROUGH } from './walkthroughs/iam-policy-providers.ts';
import {
  DIGITALOCEAN_WALKTHROUGH,
  LINODE_WALKTHROUGH,
  R2_WALKTHROUGH,
} from './walkthroughs/scoped-key-providers.ts';
import type { Walkthrough } from './walkthroughs/types.ts';
import { WEBFOLDER_WALKTHROUGH, WEBPROXY_WALKTHROUGH } from './walkthroughs/web-origins.ts';
import type { ProviderCardId } from './wizard.utils.ts';

// The step-by-step guides of the walkthrough panel (spec platform section 2), one per provider
// card. The guides live in walkthroughs/, one module per provider family: providers set up the
// same way share their wording there.

export type { IllustrationSpec } from './walkthroughs/types.ts';

export const WALKTHROUGHS: Readonly<Record<ProviderCardId, Walkthrough>> = {
  s3: S3_WALKTHROUGH,
  r2: R2_WALKTHROUGH,
  digitalocean: DIGITALOCEAN_WALKTHROUGH,
  gcs: GCS_WALKTHROUGH,
  linode: LINODE_WALKTHROUGH,
  azure: AZURE_WALKTHROUGH,
  wasabi: WASABI_WALKTHROUGH,
  webfolder: WEBFOLDER_WALKTHROUGH,
  webproxy: WEBPROXY_WALKTHROUGH,
};
