// The V8 heap limit that `npm start` gives the server, in MB (printed when run as a script). The thread that
// answers requests keeps ingestion's open visits (`OPEN_VISITS_MB`) and small caches; everything heavy runs
// on worker threads with heaps of their own. Without a limit, V8 lets garbage reach several times the live
// heap before it collects: a flood of new visitors took the process to 500–600 MB of resident memory with
// 150 MB live. With this one it stays near 300 MB (docs/api.md "Limits that hold under attack").

const DEFAULT_OPEN_VISITS_MB = 64;

/** Room for the rest of the live heap, and twice the open visits' budget. */
export function heapLimitMb(env = process.env) {
  const value = Number(env.OPEN_VISITS_MB);
  const openVisits = Number.isSafeInteger(value) && value >= 0 ? value : DEFAULT_OPEN_VISITS_MB;
  return 128 + 2 * openVisits;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(String(heapLimitMb()));
