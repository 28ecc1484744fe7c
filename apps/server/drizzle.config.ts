import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The table files, not index.ts (which only re-exports them).
  schema: './apps/server/src/db/schema/!(index).ts',
  out: './apps/server/drizzle',
});
