/**
 * The error every part of the norm parser throws when a file cannot be read as a norm at all (no or broken
 * YAML front matter, an empty body). It carries the file name, in its message and as `fileName`, so that a
 * failure names the file; `parse/norm.ts` re-exports it as part of the parser's public API.
 */
export class NormParseError extends Error {
  readonly fileName: string
  constructor(fileName: string, message: string) {
    super(`${fileName}: ${message}`)
    this.name = 'NormParseError'
    this.fileName = fileName
  }
}
