import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The end-to-end tests start a fake Discord and a real discord.js client; give them room
    // on a shared 2-core machine without letting a hung socket stall CI.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    projects: [
      {
        // The rules core is pure (no clock, DB, env or mocks): its 120-odd files share one module
        // graph per worker instead of re-importing it per file, which was most of their time.
        extends: true,
        test: { name: 'rules', include: ['test/rules/**/*.test.ts'], isolate: false },
      },
      {
        extends: true,
        test: { name: 'services', include: ['test/**/*.test.ts'], exclude: ['test/rules/**'] },
      },
    ],
  },
});
