// Worker bootstrap: registers tsx, then loads the TypeScript entry named in workerData.
// (In Node 20 a worker's entry is loaded before `--import` hooks apply, so a .ts entry
// cannot be started directly.)
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
