import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { AUTH_PAGE_FILES, CHAT_PAGE_FILE, LANDING_PAGE_FILE } from '../../shared/prerendered-pages'
import { AuthWaiting } from '../features/auth/components/auth-waiting'
import { ChatWaiting } from '../pages/chat-waiting'
import LandingPage from '../pages/landing'
import { appPageDocument, type BuiltManifest, landingDocument, landingScriptFiles } from './landing-document'
import { renderPage } from './render-page'

/**
 * Writes the pages rendered at build time beside the built index.html (scripts/build.mjs, after Vite): the landing
 * page, /auth's first paint for each tab (the card the app shows until the session check answers) and the chat's
 * (decision 0036: its loading state, the same at /chat and /protected/chat).
 */
export async function prerenderPages(clientDir: string): Promise<{ file: string; bytes: number }[]> {
  const indexHtml = readFileSync(path.join(clientDir, 'index.html'), 'utf8')
  const manifest = JSON.parse(
    readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'),
  ) as BuiltManifest
  const pages: [string, string][] = [
    [
      LANDING_PAGE_FILE,
      landingDocument(
        indexHtml,
        await renderPage('http://localhost/', <LandingPage />),
        landingScriptFiles(manifest),
      ),
    ],
  ]
  for (const [tab, file] of Object.entries(AUTH_PAGE_FILES)) {
    const search = tab === 'sign-up' ? '?type=sign-up' : ''
    const rendered = await renderPage(
      `http://localhost/auth${search}`,
      <AuthWaiting tab={tab as keyof typeof AUTH_PAGE_FILES} />,
    )
    pages.push([file, appPageDocument(indexHtml, rendered)])
  }
  const chat = await renderPage('http://localhost/protected/chat', <ChatWaiting />)
  pages.push([CHAT_PAGE_FILE, appPageDocument(indexHtml, chat)])
  return pages.map(([name, page]) => {
    const file = path.join(clientDir, name)
    writeFileSync(file, page)
    return { file, bytes: Buffer.byteLength(page) }
  })
}
