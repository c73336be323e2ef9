import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as demo from '@portal/demo-data';
import { operatorIds } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_ENTRY_POINTS } from '../build.mjs';
import { demoDoorKey } from '../src/modules/workouts/demo-door-keys.ts';

// The compiled production server holds no demo data (docs/operations.md, "What production
// loads"): what main.js (and the import and door-key commands) load in production, their
// static imports and every dynamic import but the outside-production module's, must not contain the demo members, password, door keys or
// the demo generator's data; they live in chunks only the process outside production loads.

/** The module main.ts and app.ts import only outside production; esbuild names its chunk after it. */
const DEV_CHUNK = /^outside-production-[A-Z0-9]+\.js$/;

const STATIC_IMPORT = /^(?:import|export)\s*(?:[^;"']*?\sfrom\s*)?"(\.{1,2}\/[^"]+)";?$/gm;
const DYNAMIC_IMPORT = /\bimport\("(\.{1,2}\/[^"]+)"\)/g;

/** Text that exists only in @portal/demo-data, each with what it is (for the failure message). */
function demoMarkers(): { what: string; text: string | RegExp }[] {
  // The key text's constant part, from the function that writes it.
  const keyPrefix = demo.demoDoorKeyText('\u0000', '').split('\u0000')[0]!;
  const clubs = Object.values(demo.operatorSeeds).flatMap((seed) => seed.clubs);
  return [
    // A persona's name is often a word the portal itself uses (active, rfid): the persona table
    // as a whole, and each entry whose persona differs from its status (`rfid: "active"`).
    {
      what: 'the persona table',
      text: new RegExp(
        demo.PERSONAS.map((p) => `\\b${p}: ${JSON.stringify(demo.PERSONA_STATUS[p])}`).join(',\\s*'),
      ),
    },
    ...demo.PERSONAS.filter((p) => p !== demo.PERSONA_STATUS[p]).map((p) => ({
      what: `persona ${p}`,
      text: new RegExp(`\\b${p}: ${JSON.stringify(demo.PERSONA_STATUS[p])}`),
    })),
    // "demo" is also the password cost the demo uses (ports.ts), so the password is found by its constant.
    {
      what: 'DEMO_PASSWORD',
      text: new RegExp(`\\bDEMO_PASSWORD\\d* = ${JSON.stringify(demo.DEMO_PASSWORD)}`),
    },
    { what: 'the demo door key secret', text: JSON.stringify(demo.DEMO_DOOR_KEY_SECRET) },
    { what: 'the demo door key text', text: keyPrefix },
    { what: 'the demo logins', text: /\bdemoUsername\d*\b/ },
    { what: 'the demo generator', text: /\bdemoData\d*\b/ },
    // esbuild writes non-ASCII letters escaped (\xFC), so only the ASCII names as they are.
    ...clubs
      .filter((club) => /^[ -~]*$/.test(club.name))
      .map((club) => ({ what: `the demo club name ${club.name}`, text: JSON.stringify(club.name) })),
    ...clubs.map((club) => ({ what: `the demo club phone ${club.phone}`, text: JSON.stringify(club.phone) })),
  ];
}

const contains = (text: string, marker: string | RegExp) =>
  typeof marker === 'string' ? text.includes(marker) : marker.test(text);

describe('the compiled production server', () => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'portal-prod-bundle-'));
  const files = new Map<string, string>();
  /** What production loads: the entry points and what they import, but the outside-production chunk. */
  const production = new Set<string>();
  let devChunks: string[] = [];

  beforeAll(async () => {
    await buildServer({ outdir });
    const entries = SERVER_ENTRY_POINTS.map((entry) => `${path.basename(entry, '.ts')}.js`);
    const all = [...entries, ...readdirSync(path.join(outdir, 'chunks')).map((f) => `chunks/${f}`)];
    for (const file of all.filter((f) => f.endsWith('.js')))
      files.set(file, readFileSync(path.join(outdir, file), 'utf8'));
    devChunks = [...files.keys()].filter((f) => DEV_CHUNK.test(path.basename(f)));
    const queue = [...entries];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (production.has(file)) continue;
      production.add(file);
      const text = files.get(file);
      if (text === undefined) throw new Error(`the import graph names ${file}, which is not in dist`);
      const imports = [...text.matchAll(STATIC_IMPORT), ...text.matchAll(DYNAMIC_IMPORT)].map((m) =>
        path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]!)),
      );
      queue.push(...imports.filter((f) => !DEV_CHUNK.test(path.basename(f))));
    }
  }, 60_000);

  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('loads the outside-production parts through one chunk of their own', () => {
    expect(devChunks).toHaveLength(1);
    expect(files.get('main.js')).toMatch(DYNAMIC_IMPORT);
    expect(production.has(devChunks[0]!)).toBe(false);
  });

  it('holds none of the demo data in what production loads', async () => {
    // The door keys and logins themselves are derived at run time; none may be written out either.
    const keys = demo.demoDoorClubIds().map((id) => demoDoorKey(id));
    const logins = demo.PERSONAS.flatMap((p) => operatorIds.map((op) => demo.demoUsername(p, op)));
    const markers = [
      ...demoMarkers(),
      ...[...keys, ...logins].map((text) => ({ what: text, text: JSON.stringify(text).slice(0, -1) })),
    ];
    const found = markers.flatMap(({ what, text }) =>
      [...production].filter((file) => contains(files.get(file)!, text)).map((file) => `${what} in ${file}`),
    );
    expect(found).toEqual([]);
  });

  it('finds every marker in the chunks only outside production loads (the search matches something)', () => {
    const rest = [...files.keys()].filter((f) => !production.has(f));
    const missing = demoMarkers()
      .filter(({ text }) => !rest.some((file) => contains(files.get(file)!, text)))
      .map(({ what }) => what);
    expect(missing).toEqual([]);
  });
});
