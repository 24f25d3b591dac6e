import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createLogger, type LogEntry } from '../../shared/logger'
import { errorHandler, OUT_OF_RANGE_MESSAGE } from './errors'

/** The shape of drizzle's wrapper around a driver error: the statement and its parameters in the message. */
function failedQuery(code: string) {
  const cause = Object.assign(new Error(`value "ana@ejemplo.pe" is wrong (${code})`), { code })
  return Object.assign(
    new Error('Failed query: insert into suggestions (text) values ($1)\nparams: ana@ejemplo.pe', { cause }),
    { query: 'insert into suggestions (text) values ($1)', params: ['ana@ejemplo.pe'] },
  )
}

function appThrowing(error: Error) {
  const logs: LogEntry[] = []
  const app = new Hono()
  app.onError(errorHandler(createLogger({ sinks: [(e) => void logs.push(e)] })))
  app.get('/x', () => {
    throw error
  })
  return { app, logs }
}

describe('errorHandler and database errors', () => {
  it('answers a data exception (22xxx) as a Spanish 400, logged as a warning by its SQLSTATE only', async () => {
    for (const code of ['22P05', '22021', '22003', '22P02', '22001']) {
      const { app, logs } = appThrowing(failedQuery(code))
      const res = await app.request('/x')
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ code: 'VALIDATION_ERROR', message: OUT_OF_RANGE_MESSAGE })
      expect(logs.map((e) => e.level)).toEqual(['WARN'])
      expect(logs[0]!.metadata).toMatchObject({ sqlState: code, method: 'GET', path: '/x' })
      expect(JSON.stringify(logs)).not.toMatch(/insert into|ana@ejemplo\.pe|params/)
    }
  })

  it('answers any other database error as a 500, logged without the SQL, its parameters or quoted values', async () => {
    const { app, logs } = appThrowing(failedQuery('23505'))
    const res = await app.request('/x')
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({
      code: 'UNEXPECTED_ERROR',
      message: 'Ocurrió un error inesperado en el servidor',
    })
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({ level: 'ERROR', metadata: { sqlState: '23505' } })
    expect(JSON.stringify(logs)).not.toMatch(/insert into|ana@ejemplo\.pe|params/)
  })

  it('still logs an ordinary error with its message and stack', async () => {
    const { app, logs } = appThrowing(new Error('se rompió algo'))
    expect((await app.request('/x')).status).toBe(500)
    expect(logs[0]).toMatchObject({ level: 'ERROR', metadata: { error: 'se rompió algo' } })
  })
})
