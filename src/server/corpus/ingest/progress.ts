export type IngestProgress = {
  filesDone: number
  filesTotal: number
  passages: number
  elapsedMs: number
  current?: string
}

const fmt = (ms: number) => {
  const s = Math.max(0, Math.round(ms / 1000))
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

/** One line: bar, files, articles, elapsed, ETA (from the pace so far). */
export function progressLine(p: IngestProgress, width = 24): string {
  const ratio = p.filesTotal ? p.filesDone / p.filesTotal : 1
  const filled = Math.round(ratio * width)
  const eta = p.filesDone ? (p.elapsedMs / p.filesDone) * (p.filesTotal - p.filesDone) : 0
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${p.filesDone}/${p.filesTotal} archivos · ${p.passages.toLocaleString('es-PE')} pasajes · ${fmt(p.elapsedMs)} · ETA ${p.filesDone ? fmt(eta) : '--:--'}`
}

/** Redraws in place on a terminal, prints every few seconds elsewhere (CI logs, files). */
export function progressReporter(stream: NodeJS.WriteStream = process.stderr) {
  let lastPrinted = 0
  return (p: IngestProgress, final = false) => {
    const line = progressLine(p)
    if (stream.isTTY) {
      stream.write(`\r${line}${final ? '\n' : ''}`)
    } else if (final || p.elapsedMs - lastPrinted >= 5000) {
      lastPrinted = p.elapsedMs
      stream.write(`${line}\n`)
    }
  }
}
