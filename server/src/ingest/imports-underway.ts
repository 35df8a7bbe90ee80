/**
 * Companies with an import under way in this server, and how many each has: packing leaves their raw rows
 * alone meanwhile, since an import continues its visits across batches. One per app (`app.importsUnderway`),
 * so two apps in one process (as in tests) never see each other's imports.
 */
export class ImportsUnderway {
  readonly #counts = new Map<number, number>();

  /** Whether an import into the company is under way. */
  has(companyId: number): boolean {
    return this.#counts.has(companyId);
  }

  /** Counts an import into the company until the returned function is called (once; later calls do nothing). */
  begin(companyId: number): () => void {
    this.#counts.set(companyId, (this.#counts.get(companyId) ?? 0) + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.#counts.get(companyId) ?? 1) - 1;
      if (left > 0) this.#counts.set(companyId, left);
      else this.#counts.delete(companyId);
    };
  }
}
