// react-i18next imports `useSyncExternalStore` from the `use-sync-external-store/shim`
// package, written for React versions before 18; React 19 has it built in, so the build
// takes React's own instead of shipping the shim's fallback (vite.config.ts).
export { useSyncExternalStore } from 'react';
