// Starts a worker thread from TypeScript source (tests and `npm run dev`): registers tsx's loader in this
// thread, then imports the worker module named in `workerData.entry`. The built server starts its bundled
// workers directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
