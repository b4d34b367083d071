#!/usr/bin/env node
// `npx estafette verify trail.json` — runs the TypeScript CLI through tsx (a runtime dependency).
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli.ts');
process.exitCode = await runCli(process.argv.slice(2), (s) => process.stdout.write(`${s}\n`), (s) => process.stderr.write(`${s}\n`));
