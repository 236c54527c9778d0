// Texts more than one provider family's guide repeats.

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

/** The last step of the guides whose form is keys plus a bucket name. */
export const FILL_FORM_TEXT =
  'Paste the keys into this form, add the bucket name (and a path prefix if only one folder should be served), then choose Continue: Darkroom checks that it can list the bucket and read a file.';
