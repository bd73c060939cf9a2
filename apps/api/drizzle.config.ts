// drizzle-kit generates the committed SQL migrations in apps/api/drizzle from every module's *.schema.ts.
// Run through `npm run db:generate` (from the api workspace, where drizzle-orm is installed).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/*/*.schema.ts',
  out: './drizzle',
  strict: true,
  verbose: false,
});
