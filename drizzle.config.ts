import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -- --name=<what-changed>` writes a new SQL migration and updates the
// journal in migrations/meta. Both are committed; the bot applies them on start.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema.ts',
  out: './migrations',
});
