import path from 'node:path';
import type { Span } from '../model/types.js';
import { withoutBom } from './prefilter.js';
import { LineIndex } from '../model/line-index.js';
import { ReadRefused, readTextFile } from './read-source.js';

/** A span placed in its file: the path relative to the scan root (with `/`) and 1-based positions. */
export interface SpanLocation {
  path: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * The texts and line indexes of files a scan reads beyond the one at hand:
 * modules that imports lead to, settings files of a project. Read once each.
 */
export class SourceFiles {
  private readonly texts = new Map<string, string | undefined>();
  /** Files that are there but could not be read (a device, a FIFO, too large, no permission), with why. */
  private readonly refusals = new Map<string, string>();
  private readonly lines = new Map<string, LineIndex>();

  /** `onRead` hears each file's text as first read (`--cache` keeps the state of what was analysed). */
  constructor(
    private readonly root: string,
    private readonly onRead?: (absolute: string, text: string | undefined, refused: boolean) => void,
  ) {}

  /** A file's text without a byte order mark, or undefined when it cannot be read. */
  readonly read = (absolute: string): string | undefined => {
    if (!this.texts.has(absolute)) {
      const { text, refused } = readSource(absolute);
      this.texts.set(absolute, text);
      if (refused !== undefined) this.refusals.set(absolute, refused);
      this.onRead?.(absolute, text, refused !== undefined);
    }
    return this.texts.get(absolute);
  };

  /** Why a file read here is there but could not be read; undefined when it was read, or is not there. */
  refusal(absolute: string): string | undefined {
    return this.refusals.get(absolute);
  }

  relative(absolute: string): string {
    return path.relative(this.root, absolute).split(path.sep).join('/');
  }

  linesOf(absolute: string): LineIndex {
    let index = this.lines.get(absolute);
    if (!index) this.lines.set(absolute, (index = new LineIndex(this.read(absolute) ?? '')));
    return index;
  }

  /** A locator for the spans of one file's model: its own spans by its own lines, others by theirs. */
  locator(ownAbsolute: string, ownPath: string, ownLines?: LineIndex): (span: Span) => SpanLocation {
    return (span) => {
      const foreign = span.file !== undefined && span.file !== ownAbsolute;
      const lines = foreign ? this.linesOf(span.file!) : (ownLines ?? this.linesOf(ownAbsolute));
      return locateIn(foreign ? this.relative(span.file!) : ownPath, lines, span);
    };
  }
}

/**
 * A file's text without a byte order mark, or undefined when it cannot be
 * read (missing, unreadable), is not a regular file (a FIFO or a device
 * where a module or hook script should be would block or never end) or is
 * too large (`readBytes`).
 */
export function readText(absolute: string): string | undefined {
  return readSource(absolute).text;
}

/**
 * `readText`, telling a file that is not there (no text, nothing refused)
 * from one that is there but was refused or could not be read (`refused`
 * says why): a hook script or settings file so refused must be reported,
 * not taken for absent.
 */
export function readSource(absolute: string): { text?: string; refused?: string } {
  try {
    return { text: withoutBom(readTextFile(absolute)) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A folder where a file should be is no file there, as when nothing is.
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return {};
    if (error instanceof ReadRefused) return { refused: error.message };
    return { refused: `Cannot read file: ${code === 'EACCES' ? 'permission denied' : ((error as Error).message ?? String(error))}` };
  }
}

export function locateIn(filePath: string, lines: LineIndex, span: Span): SpanLocation {
  const start = lines.locate(span.start);
  const end = lines.locate(span.end);
  return { path: filePath, line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}
