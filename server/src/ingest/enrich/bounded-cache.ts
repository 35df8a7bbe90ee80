/**
 * A size-capped cache with near-LRU eviction at Map speed. Entries go into a young generation; when it
 * fills, it becomes the old generation and the previous old one is dropped whole. A hit in the old
 * generation is copied back into the young one, so entries in steady use survive and one-off keys age out.
 * Unlike a strict LRU, a hit costs no delete-and-reinsert, and eviction frees a whole Map at once.
 * It holds between `capacity` and `2 × capacity` entries once warm.
 */
export class BoundedCache<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('capacity must be a positive integer');
  }

  get(key: K): V | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const aged = this.old.get(key);
    if (aged !== undefined) this.set(key, aged);
    return aged;
  }

  set(key: K, value: V): void {
    if (this.young.size >= this.capacity) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }

  /** Drops the entries not used since the previous call (the old generation), whatever the size. */
  age(): void {
    this.old = this.young;
    this.young = new Map();
  }

  get size(): number {
    return this.young.size + this.old.size;
  }
}
