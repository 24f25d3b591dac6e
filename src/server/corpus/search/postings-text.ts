/**
 * A cursor over the postings the derived indexes store as text — 'passage,document,kind,a,b,c,d,length …' in the
 * champion lists (champions.ts), 'df doc:weight …' in the norm-level lists (norm-terms.ts) — read in place: a
 * question reads thousands of entries, and splitting them made an array and a string per entry.
 */
export class PostingsText {
  private at = 0

  constructor(private readonly text: string) {}

  get done(): boolean {
    return this.at >= this.text.length
  }

  /**
   * The number at the cursor (digits, maybe a decimal point), stepping over the separator after it. Read as an
   * integer over a power of ten, both exact: the same double as `Number('12.345')`.
   */
  number(): number {
    let n = 0
    let scale = 1
    let fraction = false
    for (
      let ch = this.text.charCodeAt(this.at);
      (ch >= 48 && ch <= 57) || ch === 46;
      ch = this.text.charCodeAt(++this.at)
    ) {
      if (ch === 46) fraction = true
      else {
        n = n * 10 + ch - 48
        if (fraction) scale *= 10
      }
    }
    this.at++
    return n / scale
  }

  /** The text up to the next `separator`, stepping over it. */
  word(separator: string): string {
    let end = this.text.indexOf(separator, this.at)
    if (end < 0) end = this.text.length
    const word = this.text.slice(this.at, end)
    this.at = end + 1
    return word
  }
}
