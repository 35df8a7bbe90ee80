/**
 * Companies whose stored rows are being read whole (an export) or rewritten (a range deletion) in this
 * process, and how many such jobs each has. The hourly packing leaves them alone meanwhile: a pack moves
 * raw rows into a segment in one transaction, and a job that read the raw rows before it and the segments
 * after it would meet those visits twice. Like imports (`app.importsUnderway`), this assumes one server process
 * does a company's work.
 */
const underway = new Map<number, number>();

/** Whether an export or a deletion of the company's data is under way in this process. */
export const isDataWorkUnderway = (companyId: number): boolean => underway.has(companyId);

/** Marks the company busy until `work` settles (a generator's whole iteration, for an export). */
export function beginDataWork(companyId: number): () => void {
  underway.set(companyId, (underway.get(companyId) ?? 0) + 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    const left = (underway.get(companyId) ?? 1) - 1;
    if (left > 0) underway.set(companyId, left);
    else underway.delete(companyId);
  };
}
