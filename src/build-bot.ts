// `npm start` runs this first: the bot bundled into dist/main.mjs (src/lib/bot-bundle.ts), then
// `node dist/main.mjs`. Silent when it works (in console mode the terminal is the conversation).
import { bundleBot } from './lib/bot-bundle';

try {
  await bundleBot();
} catch (e) {
  process.stderr.write(`Could not build the bot (dist/main.mjs): ${(e as Error).message}\n`);
  process.exitCode = 1;
}
