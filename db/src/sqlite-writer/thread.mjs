// The SQLite writer thread: tracking group commits run here, on a connection of its own, so the main
// thread keeps answering requests while SQLite writes. Plain JavaScript: a worker gets no TypeScript
// loader. Messages: `{id, batch}` in (a packed batch: see tracking-statements.mjs); `{id}` once committed, or `{id, error}` after a rollback. `{close}`
// closes the connection, and the thread ends.
import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteConnection } from './connection.mjs';
import { prepareTrackingWriter } from './tracking-statements.mjs';

if (!parentPort) throw new Error('thread.mjs runs as a worker thread.');
const port = parentPort;
const client = openSqliteConnection(workerData.path);
/** @type {ReturnType<typeof prepareTrackingWriter> | undefined} */
let write;

port.on(
  'message',
  (
    /** @type {{id: number, batch: import('./tracking-statements').PackedBatch} | {close: true}} */ message,
  ) => {
    if ('close' in message) {
      client.close();
      port.close();
      return;
    }
    try {
      write ??= prepareTrackingWriter(client);
      write(message.batch);
      port.postMessage({ id: message.id });
    } catch (error) {
      port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  },
);
