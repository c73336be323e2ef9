// First: on an older Node.js the process ends here, with one line saying what to do.
import './node-version.mjs';
import { hashDoorKey, newDoorKey } from './modules/workouts/door-keys.ts';

/**
 * A new key for a club's door system: `npm run door-key -w packages/server -- <club id>`.
 * The key goes to the door system; the server is configured with its hash only (DOOR_KEYS).
 */
const clubId = process.argv[2] ?? '';
if (!/^[a-z0-9-]{1,100}$/.test(clubId)) {
  process.stderr.write('usage: npm run door-key -w packages/server -- <club id, e.g. de-berlin-mitte>\n');
  process.exit(1);
}
const key = newDoorKey();
process.stdout.write(
  [
    `Key for the door system of ${clubId} (shown once, stored nowhere):`,
    `  ${key}`,
    'Its DOOR_KEYS entry (merge into the JSON object; a list of hashes lets an old key work while doors move over):',
    `  ${JSON.stringify({ [clubId]: hashDoorKey(key) })}`,
    '',
  ].join('\n'),
);
