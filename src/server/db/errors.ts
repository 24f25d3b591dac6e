/**
 * Database errors as the rest of the server may see them. Drizzle wraps every failure in an error whose message
 * is the SQL and its parameters (a user's question, an e-mail); the driver's error under it (`cause`) carries the
 * SQLSTATE. Nothing here returns the SQL, its parameters or the driver's `detail` (which quotes row values).
 */

const SQLSTATE = /^[0-9A-Z]{5}$/

/** The SQLSTATE of a database error, looking through drizzle's wrapper; undefined for any other error. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && SQLSTATE.test(code)) return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * Class 22, data exceptions: a value PostgreSQL cannot take (NUL in text 22021/22P05, a number out of range
 * 22003, malformed input 22P02, a string too long 22001). Validation should have refused it already; when it
 * did not, it is still the request's value that is wrong, so a 400, never a 500.
 */
export function isDataException(code: string | undefined): boolean {
  return code?.startsWith('22') ?? false
}

/** What the log may say of a database error: its SQLSTATE and the database's message with quoted values cut. */
export function describeDbError(error: unknown): { sqlState: string; message: string } | undefined {
  const code = sqlState(error)
  if (!code) return undefined
  let driver: unknown = error
  while (driver && typeof driver === 'object' && (driver as { code?: unknown }).code !== code)
    driver = (driver as { cause?: unknown }).cause
  const raw = driver instanceof Error ? driver.message : ''
  // `value "99999999999" is out of range…`, `invalid input syntax for type integer: "abc"`: the value goes.
  return { sqlState: code, message: raw.replace(/"[^"]*"/g, '"…"').slice(0, 200) }
}
