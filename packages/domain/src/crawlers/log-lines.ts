/**
 * Splits text that arrives in chunks into lines, keeping the part of a line that a chunk cut
 * off until the next chunk completes it. Pure: the caller reads the file or the request and
 * decodes bytes to text (a streaming TextDecoder keeps multi-byte characters whole).
 *
 * `\n` ends a line and a `\r` before it is dropped; a last line without `\n` comes out of
 * `end()`. A line longer than `maxLineLength` is not kept whole: it is reported once as
 * `tooLong` and skipped, so one endless line cannot grow the buffer without bound.
 */
export class LineSplitter {
  private rest = '';
  private skipping = false;
  /** Lines dropped for being longer than `maxLineLength`. */
  tooLong = 0;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly maxLineLength = 64 * 1024,
  ) {}

  push(chunk: string): void {
    let start = 0;
    let end = chunk.indexOf('\n');
    if (end < 0) {
      this.keep(chunk);
      return;
    }
    // The first line of the chunk completes what the last chunk left.
    if (this.skipping) {
      this.skipping = false;
    } else {
      const first = this.rest ? this.rest + chunk.slice(0, end) : chunk.slice(0, end);
      this.emit(first);
    }
    this.rest = '';
    start = end + 1;
    const onLine = this.onLine;
    const max = this.maxLineLength;
    for (end = chunk.indexOf('\n', start); end >= 0; end = chunk.indexOf('\n', start)) {
      if (end - start > max) this.tooLong++;
      else if (end > start) {
        onLine(
          chunk.charCodeAt(end - 1) === 13 ? chunk.slice(start, end - 1) : chunk.slice(start, end),
        );
      }
      start = end + 1;
    }
    if (start < chunk.length) this.keep(chunk.slice(start));
  }

  end(): void {
    if (!this.skipping && this.rest) this.emit(this.rest);
    this.rest = '';
    this.skipping = false;
  }

  private keep(part: string): void {
    if (this.skipping) return;
    this.rest += part;
    if (this.rest.length > this.maxLineLength) {
      this.tooLong++;
      this.rest = '';
      this.skipping = true;
    }
  }

  private emit(line: string): void {
    if (line.length > this.maxLineLength) {
      this.tooLong++;
      return;
    }
    const text = line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line;
    if (text) this.onLine(text);
  }
}
