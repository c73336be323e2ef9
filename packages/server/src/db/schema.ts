// The tables live in @portal/db-schema (shared with the demo data); the server's modules import them from here.
export * from '@portal/db-schema';
