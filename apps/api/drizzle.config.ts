import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations into ./drizzle from the schema; they are committed and applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
});
