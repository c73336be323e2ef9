// The tables are @portal/db-schema's; src/db/schema.ts re-exports them, so drizzle-kit reads them through it.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
