// Preloaded with `node --import` by the Node version check's tests: this process then reports
// FAKE_NODE_VERSION (e.g. v20.20.2) as its version, as an older Node.js would.
const version = process.env.FAKE_NODE_VERSION ?? 'v20.20.2';
Object.defineProperty(process, 'version', { value: version });
Object.defineProperty(process.versions, 'node', { value: version.replace(/^v/, '') });
