import { hashWord, type TextScan, tokenIs } from './scan-text';

const EMPTY = -1;

/**
 * A word → value map looked up by token, without slicing the token out of the text. Open
 * addressing over typed arrays: a `Map` keyed by the token hash cost a tenth of the analysis.
 * Distinct words with equal hashes sit in separate slots; a lookup verifies the text on a hit.
 */
export class WordTable<T> {
  private words: string[] = [];
  private values: T[] = [];
  /** Pairs [hash, entry] per slot, so a probe reads one cache line; entry EMPTY when free. */
  private slots: Int32Array = new Int32Array(0);
  private shift = 32;
  /**
   * One bit per hash bucket, about eight buckets per word: most tokens are in no table, and this
   * rejects them from a few KB that stay in L1 instead of probing the larger slot array.
   */
  private filter: Int32Array = new Int32Array(1);
  private filterShift = 32;

  constructor(pairs: Iterable<readonly [string, T]> = []) {
    for (const [word, value] of pairs) this.set(word, value);
  }

  set(word: string, value: T): void {
    const hash = hashWord(word);
    const existing = this.find(hash, word);
    if (existing !== EMPTY) {
      this.values[existing] = value;
      return;
    }
    this.words.push(word);
    this.values.push(value);
    if (this.words.length * 4 > this.slots.length) this.rehash();
    else this.place(this.words.length - 1, hash);
  }

  /** The value for token i of a scan. */
  at(scan: TextScan, i: number): T | undefined {
    const hash = scan.hashes[i]!;
    const bit = Math.imul(hash, 0x85ebca6b) >>> this.filterShift;
    if ((this.filter[bit >>> 5]! & (1 << (bit & 31))) === 0) return undefined;
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    if (mask < 0) return undefined;
    for (let s = Math.imul(hash, 0x9e3779b1) >>> this.shift; ; s = (s + 1) & mask) {
      const entry = slots[2 * s + 1]!;
      if (entry === EMPTY) return undefined;
      if (slots[2 * s] === hash && tokenIs(scan, i, this.words[entry]!)) {
        return this.values[entry];
      }
    }
  }

  private find(hash: number, word: string): number {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    if (mask < 0) return EMPTY;
    for (let s = Math.imul(hash, 0x9e3779b1) >>> this.shift; ; s = (s + 1) & mask) {
      const entry = slots[2 * s + 1]!;
      if (entry === EMPTY || (slots[2 * s] === hash && this.words[entry] === word)) return entry;
    }
  }

  private place(entry: number, hash: number): void {
    const mask = (this.slots.length >> 1) - 1;
    let s = Math.imul(hash, 0x9e3779b1) >>> this.shift;
    while (this.slots[2 * s + 1] !== EMPTY) s = (s + 1) & mask;
    this.slots[2 * s] = hash;
    this.slots[2 * s + 1] = entry;
    const bit = Math.imul(hash, 0x85ebca6b) >>> this.filterShift;
    this.filter[bit >>> 5]! |= 1 << (bit & 31);
  }

  private rehash(): void {
    let bits = 3;
    while (1 << bits < this.words.length * 2) bits++;
    this.shift = 32 - bits;
    this.slots = new Int32Array(2 << bits).fill(EMPTY);
    this.filterShift = 32 - (bits + 2);
    this.filter = new Int32Array(1 << (bits + 2 - 5));
    for (let e = 0; e < this.words.length; e++) this.place(e, hashWord(this.words[e]!));
  }
}
