// @imgix/js-core as a site's own code uses it: a client for the source's domain.
import ImgixClient from '@imgix/js-core';
import { parseSrcset, type SrcsetEntry } from './markup.ts';

export function imgixClient(domain: string): ImgixClient {
  return new ImgixClient({ domain, useHTTPS: false });
}

/** `buildSrcSet` with the library's defaults: widths, or densities when `w` is given. */
export function jsCoreSrcset(
  client: ImgixClient,
  path: string,
  params: Record<string, string | number> = {},
): SrcsetEntry[] {
  return parseSrcset(client.buildSrcSet(path, params));
}
