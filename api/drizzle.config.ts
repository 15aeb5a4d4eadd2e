import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @invest/api` after editing src/db/schema.ts; commit the SQL it writes to drizzle/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
});
