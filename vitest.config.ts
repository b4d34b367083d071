import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The end-to-end tests start a fake Discord and a real discord.js client; give them room
    // on a shared 2-core machine without letting a hung socket stall CI.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
