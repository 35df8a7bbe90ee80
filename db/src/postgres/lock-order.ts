// The order in which a commit's upserts lock rows. Every commit sorts its rows by the same key, so two
// commits locking some of the same rows take those locks in one order and never wait on each other in a
// circle (PostgreSQL would end one of them with a deadlock).

/** The rows sorted by their key, compared part by part (numbers as numbers, text as text). */
export function inLockOrder<T>(rows: T[], key: (row: T) => (string | number)[]): T[] {
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    for (let i = 0; i < x.length; i++) {
      const left = x[i] as string | number;
      const right = y[i] as string | number;
      if (left !== right) return left < right ? -1 : 1;
    }
    return 0;
  });
}
