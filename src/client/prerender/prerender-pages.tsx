import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { newPasswordProblem } from '../../shared/password-rule'
import {
  AUTH_FORM_PAGE_FILES,
  AUTH_PAGE_FILES,
  CHAT_PAGE_FILE,
  LANDING_PAGE_FILE,
  REFUSED_TEMPLATE_ATTRIBUTE,
  SENDING_TEMPLATE_ATTRIBUTE,
} from '../../shared/prerendered-pages'
import { AuthTabs } from '../features/auth/components/auth-tabs'
import { type AuthTab, AuthWaiting } from '../features/auth/components/auth-waiting'
import { NewPasswordField, PASSWORD_LABEL } from '../features/auth/components/form-fields'
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
 * /auth's form page for a tab, as the build renders it (decision 0040): the app's own tabs, signed out. Beside the
 * form, in inert templates after it (no element before it moves), its button as the app shows it while sending, and
 * the sign-up's new password as the app shows it refused: the page's script shows one of them for a submit held until
 * the app is up, as the app would answer that submit (decision 0041). Its forms' actions are never called here;
 * rendering them needs only the context.
 */
export function AuthFormPage({ tab }: { tab: AuthTab }) {
  return (
    <AuthContext.Provider value={{} as AuthActions}>
      <AuthTabs tab={tab} />
      <template {...{ [SENDING_TEMPLATE_ATTRIBUTE]: `${tab}-form` }}>
        {tab === 'sign-up' ? <SignUpSubmit pending /> : <SignInSubmit pending />}
      </template>
      {tab === 'sign-up' && (
        <template {...{ [REFUSED_TEMPLATE_ATTRIBUTE]: `${tab}-form` }}>
          <NewPasswordField
            label={PASSWORD_LABEL}
            value=""
            onChange={() => {}}
            error={newPasswordProblem('')}
          />
        </template>
      )}
    </AuthContext.Provider>
  )
}

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
  // Signed out for sure (no session cookie): the tab itself (decision 0040).
  const formScripts = scriptFiles(manifest, AUTH_FORM_SCRIPT)
  for (const [tab, file] of Object.entries(AUTH_FORM_PAGE_FILES) as [AuthTab, string][]) {
    const rendered = await renderPage(authUrl(tab), <AuthFormPage tab={tab} />)
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
