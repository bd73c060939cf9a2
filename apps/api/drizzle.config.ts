// drizzle-kit generates the committed SQL migrations in apps/api/drizzle from every module's *.schema.ts.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/modules/*/*.schema.ts',
  out: './apps/api/drizzle',
  strict: true,
  verbose: false,
});
