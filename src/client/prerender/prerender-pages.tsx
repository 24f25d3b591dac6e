import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import {
  AUTH_FORM_PAGE_FILES,
  AUTH_PAGE_FILES,
  CHAT_PAGE_FILE,
  LANDING_PAGE_FILE,
  SENDING_TEMPLATE_ATTRIBUTE,
} from '../../shared/prerendered-pages'
import { AuthTabs } from '../features/auth/components/auth-tabs'
import { type AuthTab, AuthWaiting } from '../features/auth/components/auth-waiting'
import { SignInSubmit } from '../features/auth/components/sign-in-form'
import { SignUpSubmit } from '../features/auth/components/sign-up-form'
import { type AuthActions, AuthContext } from '../features/auth/context'
import { ChatWaiting } from '../pages/chat-waiting'
import LandingPage from '../pages/landing'
import {
  AUTH_FORM_SCRIPT,
  appLoaderDocument,
  appPageDocument,
  authFormDocument,
  type BuiltManifest,
  landingDocument,
  landingScriptFiles,
  scriptFiles,
} from './landing-document'
import { renderPage } from './render-page'

/**
 * Writes the pages rendered at build time beside the built index.html (scripts/build.mjs, after Vite): the landing
 * page, /auth's first paint for each tab (the card the app shows until the session check answers; for a visitor
 * without a session cookie, the tab's form itself, decision 0040) and the chat's (decision 0036: its loading state,
 * the same at /chat and /protected/chat).
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
  const authUrl = (tab: AuthTab) => `http://localhost/auth${tab === 'sign-up' ? '?type=sign-up' : ''}`
  for (const [tab, file] of Object.entries(AUTH_PAGE_FILES) as [AuthTab, string][]) {
    const rendered = await renderPage(authUrl(tab), <AuthWaiting tab={tab} />)
    pages.push([file, appPageDocument(indexHtml, rendered)])
  }
  // Signed out for sure (no session cookie): the tab itself (decision 0040). Its forms' actions are never called
  // here; rendering them needs only the context.
  const formScripts = scriptFiles(manifest, AUTH_FORM_SCRIPT)
  for (const [tab, file] of Object.entries(AUTH_FORM_PAGE_FILES) as [AuthTab, string][]) {
    // Beside the form, in an inert template after it (no element before it moves), its button as the app shows it
    // while sending: the page's script shows it for a submit held until the app is up (decision 0041).
    const sending = { [SENDING_TEMPLATE_ATTRIBUTE]: `${tab}-form` }
    const rendered = await renderPage(
      authUrl(tab),
      <AuthContext.Provider value={{} as AuthActions}>
        <AuthTabs tab={tab} />
        <template {...sending}>
          {tab === 'sign-up' ? <SignUpSubmit pending /> : <SignInSubmit pending />}
        </template>
      </AuthContext.Provider>,
    )
    pages.push([file, authFormDocument(indexHtml, rendered, formScripts)])
  }
  const chat = await renderPage('http://localhost/protected/chat', <ChatWaiting />)
  // Its app starts once the page has painted (decision 0041).
  pages.push([CHAT_PAGE_FILE, appLoaderDocument(indexHtml, chat)])
  return pages.map(([name, page]) => {
    const file = path.join(clientDir, name)
    writeFileSync(file, page)
    return { file, bytes: Buffer.byteLength(page) }
  })
}
