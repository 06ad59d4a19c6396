/** Maps offsets to 1-based lines and columns; computed once per file. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      // The same line breaks as ESLint and TypeScript: \n, \r\n, \r, U+2028, U+2029.
      if (code === 10 || code === 0x2028 || code === 0x2029) this.starts.push(i + 1);
      else if (code === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      }
    }
  }

  /** 1-based line and column of an offset. */
  locate(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.starts[low]! + 1 };
  }
}
