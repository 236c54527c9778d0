// The checks a delivery request meets before any parameter is parsed or byte fetched: method,
// URL length, crossdomain.xml, the source's state and its signature (imgix status codes).
import type { Answer } from './answers.ts';
import { baseHeaders, errorAnswer } from './answers.ts';
import type { DeliverySource } from './delivery-source.ts';
import { isTargetTooLong, targetTooLongMessage, type RequestTarget } from './request-target.ts';
import { CORS_HEADERS, CROSSDOMAIN_XML } from './response-headers.ts';
import { hasValidSignature } from './signature.ts';

function crossdomainXml(source: DeliverySource): Answer {
  if (!source.settings.crossdomain_xml_enabled || !source.enabled) {
    return errorAnswer(404, 'This source has no crossdomain.xml.', source);
  }
  return {
    status: 200,
    headers: {
      ...baseHeaders(source, 'text/x-cross-domain-policy; charset=utf-8'),
      'cache-control': `public, max-age=${source.settings.cache_ttl_value}`,
    },
    body: Buffer.from(CROSSDOMAIN_XML),
  };
}

/** The answer that ends a request before rendering, or null when it may go on. */
export function refusal(
  method: string,
  target: RequestTarget,
  source: DeliverySource,
): Answer | null {
  const cors = source.settings.crossdomain_cors_enabled;
  if (method === 'OPTIONS' && cors) {
    return { status: 204, headers: { ...CORS_HEADERS }, body: null };
  }
  if (method !== 'GET' && method !== 'HEAD') {
    const allow = cors ? 'GET, HEAD, OPTIONS' : 'GET, HEAD';
    return errorAnswer(405, 'Images are read with GET or HEAD.', source, { allow });
  }
  // Before the query is parsed: no parameter of an over-long URL is read.
  if (isTargetTooLong(target.raw)) {
    return errorAnswer(414, targetTooLongMessage(target.raw.length), source);
  }
  if (target.path === '/crossdomain.xml') return crossdomainXml(source);
  if (!source.enabled) return errorAnswer(410, 'This source is disabled.', source);
  // Not cached: the source serves within moments, and a browser must not keep this answer.
  if (!source.deployed) {
    return errorAnswer(404, 'This source has not been deployed yet.', source, {
      'cache-control': 'no-store',
    });
  }
  if (source.requiresSignature && !hasValidSignature(target.raw, source.token)) {
    return errorAnswer(403, 'The signature (s) of this URL is missing or does not match.', source);
  }
  return null;
}
