/** Entry of a render pool child process (see pool.ts). */
import { serveRenderJobs } from './serve';

serveRenderJobs();
