import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses answers of 1 KB and more (brotli at quality 4, or gzip) for clients that accept
 * it: the API's JSON and index.html. The built web app's files come pre-compressed from its
 * build (@fastify/static's preCompressed, plugins/web.ts) and already carry their
 * Content-Encoding, which this plugin leaves alone. Request bodies are not decompressed.
 * Register before the routes: it attaches itself to each route as the route is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
