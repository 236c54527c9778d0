import { describe, expect, it } from 'vitest';
import { parseParams } from '../params/parse.ts';
import type { Params } from '../params/types.ts';
import {
  missingCapability,
  missingCapabilityMessage,
  requiredCapabilities,
} from './requirements.ts';

// core compiles without DOM or Node typings; the runtime has URLSearchParams, as callers do.
declare const URLSearchParams: new (query: string) => Iterable<[string, string]>;

function parsed(query: string, defaults?: Record<string, string>): Params {
  const result = parseParams(new URLSearchParams(query), { defaults });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.params;
}

const capabilitiesOf = (query: string, defaults?: Record<string, string>) =>
  requiredCapabilities(parsed(query, defaults)).map(
    ({ parameter, capability, generative }) => `${parameter}:${capability}:${generative}`,
  );

describe('requiredCapabilities', () => {
  it('asks nothing of a plain render', () => {
    expect(capabilitiesOf('w=200&h=100&fit=crop&fm=webp')).toEqual([]);
  });

  it('maps each premium parameter to its capability', () => {
    expect(capabilitiesOf('bg-remove=true')).toEqual(['bg-remove:background_removal:false']);
    expect(capabilitiesOf('bg-replace=a%20beach')).toEqual([
      'bg-replace:background_replacement:true',
    ]);
    expect(capabilitiesOf('upscale=1')).toEqual(['upscale:super_resolution:false']);
    expect(capabilitiesOf('w=400&h=400&fit=fill&fill=gen')).toEqual(['fill:outpainting:true']);
    expect(capabilitiesOf('w=400&h=400&fit=fill&fill=generative')).toEqual([
      'fill:outpainting:true',
    ]);
    expect(capabilitiesOf('object-removal-rect=10,10,50,50')).toEqual([
      'object-removal-rect:object_removal:false',
    ]);
  });

  it('asks object replacement for object_removal and the generative provider', () => {
    expect(
      capabilitiesOf('object-removal-rect=10,10,50,50&object-removal-prompt=a%20vase'),
    ).toEqual([
      'object-removal-rect:object_removal:false',
      'object-removal-prompt:object_removal:true',
    ]);
  });

  it('reads aliases through the parsed parameters', () => {
    expect(capabilitiesOf('background-remove=1&background-replace=snow')).toEqual([
      'bg-remove:background_removal:false',
      'bg-replace:background_replacement:true',
    ]);
  });

  it('asks nothing of a switch turned off or a fill that is not generative', () => {
    expect(capabilitiesOf('bg-remove=false&upscale=0&fit=fill&fill=blur')).toEqual([]);
  });

  it('counts premium parameters set in the source default_params', () => {
    expect(capabilitiesOf('w=100', { upscale: 'true' })).toEqual([
      'upscale:super_resolution:false',
    ]);
  });

  it('works from a has/boolean/string reader without the parser', () => {
    const reader = {
      has: (name: string) => name === 'bg-remove',
      boolean: (name: string) => (name === 'bg-remove' ? true : undefined),
      string: () => undefined,
    };
    expect(requiredCapabilities(reader).map((entry) => entry.capability)).toEqual([
      'background_removal',
    ]);
  });
});

describe('missingCapability', () => {
  const required = requiredCapabilities(parsed('bg-remove=1&upscale=1'));

  it('finds the first requirement the granted set lacks', () => {
    expect(missingCapability(required, ['background_removal'])?.parameter).toBe('upscale');
    expect(missingCapability(required, [])?.parameter).toBe('bg-remove');
  });

  it('finds nothing when every requirement is granted', () => {
    expect(missingCapability(required, ['super_resolution', 'background_removal'])).toBeUndefined();
    expect(missingCapability([], [])).toBeUndefined();
  });

  it('says which parameter needs which capability', () => {
    const missing = missingCapability(required, ['background_removal']);
    expect(missing && missingCapabilityMessage(missing)).toBe(
      'upscale needs the super_resolution capability, which neither this source nor its account has.',
    );
  });
});
