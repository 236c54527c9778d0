import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  MAX_TTL_SECONDS,
  MIN_TTL_SECONDS,
  accessKeySchema,
  aiTagsSchema,
  azureAccountSchema,
  azureContainerSchema,
  azureServiceTypeSchema,
  cacheTtlBehaviorSchema,
  defaultParamsSchema,
  errorTtlSecondsSchema,
  gcsBucketSchema,
  handshakeSchema,
  nameSchema,
  percentOrPixelSchema,
  percentSchema,
  permissionGroupsSchema,
  prefixSchema,
  r2RegionSchema,
  regionSchema,
  s3BucketSchema,
  secretKeySchema,
  signingKeySchema,
  ttlSecondsSchema,
  uploadCredentialsSchema,
  userTagsSchema,
} from './rules.ts';

/** The messages of a failed parse, or [] when it passes. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const passes = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

describe('required text fields', () => {
  it('says "This field is required" once for missing, null, empty and blank values', () => {
    for (const value of [undefined, null, '', '   ']) {
      expect(messages(accessKeySchema, value)).toEqual(['This field is required']);
    }
  });

  it('trims surrounding whitespace of a pasted value', () => {
    expect(accessKeySchema.parse('  AKIAIOSFODNN7EXAMPLE\n')).toBe('AKIAIOSFODNN7EXAMPLE');
  });
});

describe('accessKeySchema', () => {
  it('accepts 16 and 128 alphanumerics and refuses 15 and 129', () => {
    expect(passes(accessKeySchema, 'A'.repeat(16))).toBe(true);
    expect(passes(accessKeySchema, 'a1'.repeat(64))).toBe(true);
    expect(messages(accessKeySchema, 'A'.repeat(15))).toEqual([
      'This is not a valid access key. Access keys are at least 16 characters long.',
    ]);
    expect(messages(accessKeySchema, 'A'.repeat(129))[0]).toMatch(/at most 128/);
  });

  it('refuses anything but letters and numbers', () => {
    expect(messages(accessKeySchema, 'AKIAIOSFODNN7EXAMPL+')[0]).toMatch(
      /^This is not a valid access key\. .*letters and numbers/,
    );
    expect(passes(accessKeySchema, 'AKIAIOSFODNN7EXA_PL')).toBe(false);
  });
});

describe('secretKeySchema', () => {
  it('accepts 16 and 80 characters and refuses 15 and 81', () => {
    expect(passes(secretKeySchema, 'a'.repeat(16))).toBe(true);
    expect(passes(secretKeySchema, 'a'.repeat(80))).toBe(true);
    expect(messages(secretKeySchema, 'a'.repeat(15))[0]).toMatch(/^This is not a valid secret key/);
    expect(passes(secretKeySchema, 'a'.repeat(81))).toBe(false);
  });

  it('accepts + / and * and refuses other symbols', () => {
    expect(passes(secretKeySchema, 'wJalrXUtnFEMI/K7MDENG+bPxRfiCY*EXAMPLEKEY')).toBe(true);
    expect(passes(secretKeySchema, 'wJalrXUtnFEMI=K7MDENGbPxRfiCYEXAMPLEKEY')).toBe(false);
  });
});

describe('azureAccountSchema', () => {
  it('accepts 3 and 24 lowercase alphanumerics and refuses 2 and 25', () => {
    expect(passes(azureAccountSchema, 'ab1')).toBe(true);
    expect(passes(azureAccountSchema, 'a'.repeat(24))).toBe(true);
    expect(passes(azureAccountSchema, 'ab')).toBe(false);
    expect(passes(azureAccountSchema, 'a'.repeat(25))).toBe(false);
  });

  it('refuses uppercase letters and hyphens', () => {
    expect(passes(azureAccountSchema, 'MyAccount')).toBe(false);
    expect(passes(azureAccountSchema, 'my-account')).toBe(false);
  });
});

describe('azureContainerSchema', () => {
  it('accepts 3 and 63 characters and refuses 2 and 64', () => {
    expect(passes(azureContainerSchema, 'a-1')).toBe(true);
    expect(passes(azureContainerSchema, 'a'.repeat(63))).toBe(true);
    expect(messages(azureContainerSchema, 'ab')).toEqual([
      'Container names must be 3 to 63 characters long.',
    ]);
    expect(passes(azureContainerSchema, 'a'.repeat(64))).toBe(false);
  });

  it("refuses a leading or trailing hyphen, or other characters, in Azure's wording", () => {
    const azureWording =
      'Container names can contain only lowercase letters, numbers, and hyphens, and must begin and end with a letter or number.';
    expect(messages(azureContainerSchema, '-images')).toEqual([azureWording]);
    expect(messages(azureContainerSchema, 'images-')).toEqual([azureWording]);
    expect(messages(azureContainerSchema, 'my_images')).toEqual([azureWording]);
    expect(messages(azureContainerSchema, 'Images')).toEqual([azureWording]);
  });
});

describe('azureServiceTypeSchema', () => {
  it('defaults to blob when missing or empty and accepts file', () => {
    expect(azureServiceTypeSchema.parse(undefined)).toBe('blob');
    expect(azureServiceTypeSchema.parse('')).toBe('blob');
    expect(azureServiceTypeSchema.parse('file')).toBe('file');
  });

  it('refuses other services', () => {
    expect(messages(azureServiceTypeSchema, 'queue')).toEqual([
      'Choose Container (blob) or File Share.',
    ]);
  });
});

describe('s3BucketSchema', () => {
  it('accepts 2 and 63 characters and refuses 1 and 64', () => {
    expect(passes(s3BucketSchema, 'ab')).toBe(true);
    expect(passes(s3BucketSchema, 'a'.repeat(63))).toBe(true);
    expect(messages(s3BucketSchema, 'a')).toEqual([
      'Bucket names must be 2 to 63 characters long.',
    ]);
    expect(passes(s3BucketSchema, 'a'.repeat(64))).toBe(false);
  });

  it('accepts dots, underscores and inner hyphens', () => {
    expect(passes(s3BucketSchema, 'my.images_2024-eu')).toBe(true);
  });

  it('refuses double dots, a leading hyphen and uppercase letters', () => {
    expect(messages(s3BucketSchema, 'my..images')).toEqual([
      'Bucket names cannot contain two dots in a row.',
    ]);
    expect(messages(s3BucketSchema, '-images')).toEqual([
      'Bucket names cannot start with a hyphen.',
    ]);
    expect(messages(s3BucketSchema, 'MyImages')[0]).toMatch(/only lowercase letters/);
  });
});

describe('gcsBucketSchema', () => {
  it('accepts dotted names whose parts have up to 63 characters', () => {
    expect(passes(gcsBucketSchema, `${'a'.repeat(63)}.example.com`)).toBe(true);
    expect(messages(gcsBucketSchema, `${'a'.repeat(64)}.example.com`)).toEqual([
      'Each dot-separated part of a bucket name can be at most 63 characters long.',
    ]);
  });

  it('accepts 222 characters in all and refuses 223', () => {
    const part = 'a'.repeat(55);
    const name222 = [part, part, part, 'a'.repeat(54)].join('.');
    expect(name222).toHaveLength(222);
    expect(passes(gcsBucketSchema, name222)).toBe(true);
    expect(passes(gcsBucketSchema, `${name222}a`)).toBe(false);
  });

  it('refuses empty parts and uppercase letters', () => {
    expect(passes(gcsBucketSchema, 'images..eu')).toBe(false);
    expect(passes(gcsBucketSchema, '.images')).toBe(false);
    expect(passes(gcsBucketSchema, 'Images')).toBe(false);
  });
});

describe('regionSchema', () => {
  it('lowercases the region', () => {
    expect(regionSchema.parse(' US-East-1 ')).toBe('us-east-1');
  });

  it('refuses a region that does not end with a letter or number', () => {
    expect(messages(regionSchema, 'us-east-')).toEqual([
      'This is not a valid region. Regions end with a letter or a number.',
    ]);
  });

  it('refuses spaces and slashes', () => {
    expect(passes(regionSchema, 'us east 1')).toBe(false);
    expect(passes(regionSchema, 'us/east')).toBe(false);
  });
});

describe('r2RegionSchema', () => {
  it('sets the region to auto when none is given', () => {
    expect(r2RegionSchema.parse(undefined)).toBe('auto');
    expect(r2RegionSchema.parse('')).toBe('auto');
  });

  it('accepts auto and us-east-1, in any case, and nothing else', () => {
    expect(r2RegionSchema.parse('AUTO')).toBe('auto');
    expect(r2RegionSchema.parse('us-east-1')).toBe('us-east-1');
    expect(messages(r2RegionSchema, 'eu-west-1')).toEqual([
      'Cloudflare R2 accepts only the regions auto and us-east-1.',
    ]);
  });
});

describe('prefixSchema', () => {
  it('turns empty and blank prefixes into null', () => {
    expect(prefixSchema.parse('')).toBeNull();
    expect(prefixSchema.parse('  ')).toBeNull();
    expect(prefixSchema.parse(undefined)).toBeNull();
  });

  it('keeps a prefix and refuses one longer than 1024 characters', () => {
    expect(prefixSchema.parse('images/2024')).toBe('images/2024');
    expect(passes(prefixSchema, 'a'.repeat(1025))).toBe(false);
  });
});

describe('handshakeSchema and signingKeySchema', () => {
  it('accepts a handshake of 1 to 256 characters', () => {
    expect(passes(handshakeSchema, 'x')).toBe(true);
    expect(passes(handshakeSchema, 'x'.repeat(256))).toBe(true);
    expect(messages(handshakeSchema, 'x'.repeat(257))).toEqual([
      'The handshake can be at most 256 characters long.',
    ]);
    expect(messages(handshakeSchema, '')).toEqual(['This field is required']);
  });

  it('accepts a signing key of 1 to 32 characters', () => {
    expect(passes(signingKeySchema, 'k')).toBe(true);
    expect(passes(signingKeySchema, 'k'.repeat(32))).toBe(true);
    expect(passes(signingKeySchema, 'k'.repeat(33))).toBe(false);
    expect(passes(signingKeySchema, '')).toBe(false);
  });
});

describe('ttlSecondsSchema', () => {
  it('accepts 30 minutes and 1 year and refuses one second less or more', () => {
    expect(MIN_TTL_SECONDS).toBe(1800);
    expect(MAX_TTL_SECONDS).toBe(31536000);
    expect(passes(ttlSecondsSchema, 1800)).toBe(true);
    expect(passes(ttlSecondsSchema, 31536000)).toBe(true);
    expect(messages(ttlSecondsSchema, 1799)).toEqual([
      'The TTL must be at least 30 minutes (1800 seconds).',
    ]);
    expect(messages(ttlSecondsSchema, 31536001)).toEqual([
      'The TTL can be at most 1 year (31536000 seconds).',
    ]);
  });

  it('refuses fractions, text and a missing value with one message each', () => {
    expect(messages(ttlSecondsSchema, 1800.5)).toEqual(['Enter a whole number of seconds.']);
    expect(messages(ttlSecondsSchema, '1800')).toEqual(['Enter a number of seconds.']);
    expect(messages(ttlSecondsSchema, undefined)).toEqual(['This field is required']);
    expect(passes(ttlSecondsSchema, Number.NaN)).toBe(false);
  });

  it('lets the error TTL go below 30 minutes, down to 1 second', () => {
    expect(passes(errorTtlSecondsSchema, 300)).toBe(true);
    expect(passes(errorTtlSecondsSchema, 1)).toBe(true);
    expect(passes(errorTtlSecondsSchema, 0)).toBe(false);
    expect(passes(errorTtlSecondsSchema, 31536001)).toBe(false);
  });
});

describe('cacheTtlBehaviorSchema', () => {
  it('accepts the three behaviours and names them when refusing another', () => {
    for (const value of ['default', 'override', 'minimum']) {
      expect(passes(cacheTtlBehaviorSchema, value)).toBe(true);
    }
    expect(messages(cacheTtlBehaviorSchema, 'maximum')).toEqual([
      'Choose Respect origin, Override origin or Enforce minimum.',
    ]);
  });
});

describe('tag lists', () => {
  it('refuses a user-defined tag repeated in another case, at the repeat', () => {
    const result = userTagsSchema.safeParse(['Beach', 'sunset', 'beach']);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: [2],
        message: 'Duplicate user-defined tags are not allowed: "beach" is already in the list.',
      }),
    ]);
  });

  it('refuses duplicate AI-generated tags and accepts distinct ones', () => {
    expect(messages(aiTagsSchema, ['dog', 'dog'])[0]).toMatch(/^Duplicate AI-generated tags/);
    expect(passes(aiTagsSchema, ['dog', 'dogs', 'cat'])).toBe(true);
    expect(passes(aiTagsSchema, [])).toBe(true);
  });

  it('refuses a tag with brackets or HTML, as names are refused', () => {
    expect(messages(userTagsSchema, ['ok', '<b>x</b>'])).toEqual([
      'Names cannot include brackets or HTML.',
    ]);
  });

  it('counts tags that differ only by surrounding spaces as duplicates', () => {
    expect(passes(userTagsSchema, ['dog', ' dog '])).toBe(false);
  });
});

describe('nameSchema', () => {
  it('refuses brackets and HTML', () => {
    for (const name of ['<b>Shop</b>', 'Shop [EU]', 'Shop {x}', '<script>']) {
      expect(messages(nameSchema, name)).toEqual(['Names cannot include brackets or HTML.']);
    }
  });

  it('accepts ordinary names up to 120 characters', () => {
    expect(passes(nameSchema, "Ada's photos & prints (2024)")).toBe(true);
    expect(passes(nameSchema, 'n'.repeat(120))).toBe(true);
    expect(passes(nameSchema, 'n'.repeat(121))).toBe(false);
  });
});

describe('permissionGroupsSchema', () => {
  it('needs at least one permission group', () => {
    expect(messages(permissionGroupsSchema, [])).toEqual(['Choose at least one permission group.']);
    expect(passes(permissionGroupsSchema, ['editors'])).toBe(true);
  });
});

describe('defaultParamsSchema', () => {
  it('accepts parameter names with string values', () => {
    expect(defaultParamsSchema.parse({ auto: 'format,compress', 'fill-color': 'fff' })).toEqual({
      auto: 'format,compress',
      'fill-color': 'fff',
    });
  });

  it('refuses ch as a default parameter, at its key', () => {
    const result = defaultParamsSchema.safeParse({ w: '400', ch: 'Width,DPR' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['ch'],
        message:
          'The ch (client hints) parameter depends on each request, so it cannot be a default parameter.',
      }),
    ]);
  });

  it('refuses names with uppercase letters, spaces or underscores', () => {
    for (const key of ['W', 'fill color', 'fill_color', '']) {
      expect(passes(defaultParamsSchema, { [key]: '1' })).toBe(false);
    }
  });

  it('accepts values of 1024 characters and refuses 1025 or non-text values', () => {
    expect(passes(defaultParamsSchema, { txt: 'x'.repeat(1024) })).toBe(true);
    expect(messages(defaultParamsSchema, { txt: 'x'.repeat(1025) })).toEqual([
      'The value of txt can be at most 1024 characters long.',
    ]);
    expect(messages(defaultParamsSchema, { w: 400 })).toEqual(['The value of w must be text.']);
  });

  it('refuses a list instead of a map', () => {
    expect(passes(defaultParamsSchema, ['w=400'])).toBe(false);
  });

  it('accepts aliases, *64 forms and values as a request would give them', () => {
    expect(
      passes(defaultParamsSchema, { width: '400', txt64: 'SGk', bg: 'red', rect: '0,0,10,10' }),
    ).toBe(true);
  });

  it('refuses unknown and deprecated parameters with the rendering messages, at their keys', () => {
    const result = defaultParamsSchema.safeParse({ w: '400', nope: '1', 'txt-lig': '1' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['nope'], message: '"nope" is not a valid parameter.' }),
      expect.objectContaining({
        path: ['txt-lig'],
        message: 'The "txt-lig" parameter is deprecated.',
      }),
    ]);
  });

  it('refuses bad values with the rendering message, at their keys', () => {
    const result = defaultParamsSchema.safeParse({ w: '-9000', fit: 'crop', auto64: 'Zm9ybWF0' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['w'],
        message: 'The value for "w" must be an integer of at least 2, or a number between 0 and 1.',
      }),
      expect.objectContaining({ path: ['auto64'], message: '"auto64" is not a valid parameter.' }),
    ]);
  });

  it('still refuses ch even with a valid value', () => {
    expect(messages(defaultParamsSchema, { ch: 'width' })).toEqual([
      'The ch (client hints) parameter depends on each request, so it cannot be a default parameter.',
    ]);
  });
});

describe('percentSchema and percentOrPixelSchema', () => {
  it('accepts 10% and 100px', () => {
    expect(passes(percentSchema, '10%')).toBe(true);
    expect(passes(percentOrPixelSchema, '10%')).toBe(true);
    expect(passes(percentOrPixelSchema, '100px')).toBe(true);
    expect(passes(percentOrPixelSchema, '0px')).toBe(true);
  });

  it('refuses fractions, signs, spaces, other units and bare numbers', () => {
    for (const value of ['10.5%', '-10%', '10 px', '10em', '100', 'px', '%']) {
      expect(passes(percentOrPixelSchema, value)).toBe(false);
    }
    expect(passes(percentSchema, '100px')).toBe(false);
  });
});

describe('uploadCredentialsSchema', () => {
  const accessKey = 'AKIAIOSFODNN7EXAMPLE';
  const secretKey = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

  it('accepts an access key together with a secret key', () => {
    expect(passes(uploadCredentialsSchema, { access_key: accessKey, secret_key: secretKey })).toBe(
      true,
    );
  });

  it('refuses an access key without a secret key, at the secret key', () => {
    const result = uploadCredentialsSchema.safeParse({ access_key: accessKey, secret_key: '' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['secret_key'],
        message: 'Upload credentials need both an access key and a secret key.',
      }),
    ]);
  });

  it('refuses a secret key without an access key, at the access key', () => {
    const result = uploadCredentialsSchema.safeParse({ secret_key: secretKey });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['access_key']]);
  });

  it('checks each key by its own rule', () => {
    expect(passes(uploadCredentialsSchema, { access_key: 'short', secret_key: secretKey })).toBe(
      false,
    );
  });
});
