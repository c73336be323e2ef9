import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';

/** A built app's file as Vite writes it, with the .br and .gz the build adds beside it. */
const script = `export const rows = [${Array.from({ length: 200 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const scriptBr = brotliCompressSync(script);
const scriptGz = gzipSync(script, { level: 9 });

describe.each(databases())('compressed delivery on %s', (kind) => {
  let dist: string;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'themes', 'de'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const file = path.join(dist, 'assets', 'index-Ab12Cd34.js');
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, scriptBr);
    writeFileSync(`${file}.gz`, scriptGz);
    // A file the build left uncompressed (too small to gain).
    writeFileSync(path.join(dist, 'themes', 'de', 'theme.css'), ':root{--c:#000}');
    t = await startApp(kind, { config: { webDist: dist } });
    token = await t.signIn('active', 'de');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'de.localhost:8080', ...headers } });

  it('sends a hashed asset as the build compressed it, brotli first, cached for a year', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The build's file, not one compressed again on the fly.
    expect(br.rawPayload.equals(scriptBr)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(scriptGz)).toBe(true);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the file itself to a client that accepts no compression, and says the answer varies', async () => {
    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('keeps index.html and the app routes uncached, whatever the client accepts', async () => {
    for (const url of ['/', '/index.html', '/membership/freeze']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<meta name="portal-operator" content="de">');
    }
    const theme = await get('/themes/de/theme.css', { 'accept-encoding': 'br' });
    expect(theme.headers['cache-control']).toBe('no-cache');
  });

  it('compresses API answers of 1 KB and more for clients that accept it', async () => {
    const plain = await get('/api/v2/membership', bearer(token));
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/v2/membership', { ...bearer(token), 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get('/api/v2/membership', { ...bearer(token), 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends small answers and error bodies as they are', async () => {
    const health = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
    const unauthorized = await get('/api/v2/membership', { 'accept-encoding': 'br, gzip' });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['content-encoding']).toBeUndefined();
    expect(unauthorized.json().status).toBe(401);
  });
});
