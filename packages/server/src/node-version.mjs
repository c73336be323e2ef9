// The Node.js the portal runs on (ADR 034): the server, its import and the scripts import this
// module first, so an older Node stops here with one line that says what to do, before anything
// else loads. Plain JavaScript, so scripts/start.mjs can import it before the server is built.

export const REQUIRED_NODE_MAJOR = 24;

/**
 * Null when `version` (as `process.version`, `v24.21.0`) is new enough, else the one line that
 * says what to do.
 * @param {string} version
 * @returns {string | null}
 */
export function nodeVersionProblem(version) {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= REQUIRED_NODE_MAJOR) return null;
  return (
    `The member portal needs Node.js ${REQUIRED_NODE_MAJOR} or newer, not ${version}: run it through npm ` +
    `(npm start, npm test) or with node_modules/.bin/node, the Node.js ${REQUIRED_NODE_MAJOR} that npm install puts there.`
  );
}

const problem = nodeVersionProblem(process.version);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
