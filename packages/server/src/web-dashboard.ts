import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Everything outside /assets keeps its name across builds, so browsers must revalidate.
const REVALIDATE = 'no-cache';

function isServerPath(url: string): boolean {
  return (
    url === '/api' ||
    url.startsWith('/api/') ||
    url.startsWith('/api?') ||
    url.startsWith('/healthz') ||
    url.startsWith('/readyz')
  );
}

/**
 * Serves the built dashboard at `/` when `distDir` holds one. Returns the not-found
 * fallback that answers unknown page URLs with index.html so client-side routes load;
 * API paths, /healthz and /readyz never fall back. Returns null when there is no build.
 */
export async function registerWebDashboard(
  app: FastifyInstance,
  distDir: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => boolean) | null> {
  if (!existsSync(path.join(distDir, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    cacheControl: false,
    // The build writes each text file's Brotli and gzip forms beside it (packages/web
    // vite.config.ts): the one the request's Accept-Encoding prefers is sent, compressed once at
    // build time instead of on every request.
    preCompressed: true,
    setHeaders(response, filePath) {
      const relative = path.relative(distDir, filePath).split(path.sep).join('/');
      response.setHeader('cache-control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      // Caches must keep the compressed and plain answers apart (RFC 9110 section 12.5.5).
      response.setHeader('vary', 'Accept-Encoding');
    },
  });
  return (request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!wantsPage || isServerPath(request.url)) return false;
    if (!(request.headers.accept ?? '').includes('text/html')) return false;
    void reply.sendFile('index.html');
    return true;
  };
}
