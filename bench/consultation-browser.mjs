#!/usr/bin/env node
// Issue 4 figures seen by a person: send → first partial answer on screen, send → full answer, and the chat
// route's weight on the wire, against `npm start` (embedded defaults, builtin agent, no LLM).
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { freePort, line, startAndTime, stop, wireWeight } from './lib.mjs'

const QUESTIONS = [
  'cuánto dura el mandato presidencial',
  'me botaron del trabajo sin aviso',
  'qué pena tiene el robo agravado',
  'derecho a la libertad de expresión',
  'plazo para apelar una sentencia civil',
  'cuándo procede el habeas corpus',
  'qué es la legítima defensa',
  'requisitos del matrimonio civil',
  'derechos del consumidor ante un producto defectuoso',
  'protección de datos personales',
]
const ROUNDS = 2

const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-bench-chat-'))
const port = await freePort()
const base = `http://localhost:${port}`
const server = await startAndTime({
  dataDir,
  port,
  env: { WELCOME_CREDITS: '1000', AUTH_RATE_LIMIT_FACTOR: '50' },
})
try {
  const email = `bench-${Date.now()}@ejemplo.pe`
  const password = 'clave-segura-1'
  await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password, name: 'bench' }),
  })
  let mail
  for (let i = 0; i < 50 && !mail; i++) {
    const all = await (await fetch(`${base}/dev/correo/messages.json`)).json()
    mail = all.find((m) => m.to === email)
    if (!mail) await new Promise((r) => setTimeout(r, 200))
  }
  await fetch(`${base}/api/auth/verify-email?token=${new URL(mail.links[0]).searchParams.get('token')}`)

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  })
  const page = await browser.newPage({ baseURL: base })
  await page.goto('/auth')
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL('**/protected/chat')
  // A fresh load of the chat route (signed in, browser cache off), as the server sends it.
  const scripts = new Set()
  page.on('request', (req) => {
    if (req.resourceType() === 'script' && req.url().startsWith(base))
      scripts.add(new URL(req.url()).pathname)
  })
  const weight = await wireWeight(page, base, async () => {
    await page.reload({ waitUntil: 'networkidle' })
    await page.getByTestId('agent-picker').waitFor()
  })
  const names = [...scripts].map((p) => path.basename(p))

  const first = []
  const full = []
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUESTIONS) {
      const before = await page.getByTestId('agent-message').count()
      // Times are taken in the page: from the Enter key to the DOM showing the partial, then the answer.
      const timing = page.evaluate(
        (n) =>
          new Promise((resolve) => {
            const start = performance.now()
            let partialAt = null
            const obs = new MutationObserver(() => {
              const t = document.querySelector('[data-testid="loading-text"]')?.textContent
              if (partialAt === null && t && t !== 'Esperando respuesta...')
                partialAt = performance.now() - start
              if (document.querySelectorAll('[data-testid="agent-message"]').length > n) {
                obs.disconnect()
                const doneAt = performance.now() - start
                resolve({ partialAt: partialAt ?? doneAt, doneAt })
              }
            })
            obs.observe(document.body, { subtree: true, childList: true, characterData: true })
          }),
        before,
      )
      await page.getByTestId('chat-input').fill(q)
      await page.getByTestId('chat-input').press('Enter')
      const t = await timing
      first.push(t.partialAt)
      full.push(t.doneAt)
    }
  }
  await browser.close()
  console.log(
    `Lexia · consulta en el navegador (${first.length} consultas, agente builtin sin LLM, ${os.cpus().length} núcleos)`,
  )
  line('Envío → primera respuesta parcial en pantalla, p50', `${pct(first, 50).toFixed(0)} ms`, '—')
  line('Envío → primera respuesta parcial en pantalla, p95', `${pct(first, 95).toFixed(0)} ms`, '≤ 300 ms')
  line('Envío → respuesta completa, p50', `${pct(full, 50).toFixed(0)} ms`, '—')
  line('Envío → respuesta completa, p95', `${pct(full, 95).toFixed(0)} ms`, '≤ 1000 ms')
  line(
    `Peso de /protected/chat en la red (${weight.responses} respuestas)`,
    `${weight.totalKb.toFixed(1)} KB`,
    '≤ 300 KB',
  )
  line(`  de ello JS (${weight.scripts} archivos)`, `${weight.scriptKb.toFixed(1)} KB`, '—')
  if (weight.uncompressed.length) console.log(`  ¡Sin comprimir!: ${weight.uncompressed.join(', ')}`)
  console.log(`  pdf.js en la ruta del chat: ${names.some((n) => /pdf/i.test(n)) ? 'SÍ' : 'no'}`)
} finally {
  await stop(server.child)
  rmSync(dataDir, { recursive: true, force: true })
}
