// Worker-thread entry: registers tsx (the server runs TypeScript sources) then loads the renderer.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
