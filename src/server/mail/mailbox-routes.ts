import { desc } from 'drizzle-orm'
import { Hono } from 'hono'
import { html } from 'hono/html'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'

const MAX_LISTED = 100

/** `/dev/correo`: the embedded mailbox. Mounted only in embedded mode outside production. */
export function mailboxRoutes(db: Db) {
  const app = new Hono()
  const latest = () => db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(MAX_LISTED)

  app.get('/messages.json', async (c) => {
    const rows = await latest()
    return c.json(
      rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        links: m.links,
        createdAt: m.createdAt.toISOString(),
      })),
    )
  })

  app.get('/', async (c) => {
    const rows = await latest()
    c.header('cache-control', 'no-store')
    return c.html(html`<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Buzón local · Lexia</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#0f1719;color:#e6f1f3}
main{max-width:880px;margin:0 auto;padding:24px}
h1{color:#67e8f9;font-size:1.5rem}
article{background:#172428;border-radius:10px;padding:16px;margin:0 0 16px}
h2{font-size:1.1rem;margin:0 0 4px}
.meta{color:#a7bcc1;font-size:.9rem;margin:0 0 8px}
a{color:#67e8f9;word-break:break-all}
iframe{width:100%;height:360px;border:0;border-radius:8px;background:#fff}
</style></head><body><main>
<h1>Buzón local</h1>
<p>Los correos que Lexia envía sin un servidor SMTP configurado. Solo existe en modo embebido.</p>
${rows.length === 0 ? html`<p>No hay correos todavía.</p>` : ''}
${rows.map(
  (m) => html`<article data-testid="mail">
<h2>${m.subject}</h2>
<p class="meta">Para <strong>${m.to}</strong> · ${m.createdAt.toISOString()}</p>
<ul>${m.links.map((l) => html`<li><a href="${l}">${l}</a></li>`)}</ul>
<details><summary>Ver el mensaje</summary><iframe sandbox title="${m.subject}" srcdoc="${m.html}"></iframe></details>
</article>`,
)}
</main></body></html>`)
  })
  return app
}
