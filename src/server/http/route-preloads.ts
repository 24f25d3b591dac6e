import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The lazy modules each client route renders (src/client/app/router.tsx), named as Vite's manifest names them:
 * relative to src/client. Without them in the page, the browser learns of each level only after running the one
 * above it (entry → auth area → guarded area → page), four round trips before the chat can draw; a phone on a slow
 * network spends most of its first second there (issue 17's Lighthouse figures).
 */
export const ROUTE_MODULES: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^\/auth\/?$/, ['app/auth-area.tsx', 'pages/auth.tsx']],
  [/^\/auth\/callback\/?$/, ['app/auth-area.tsx', 'pages/auth-callback.tsx']],
  [/^\/(protected\/)?chat\/?$/, ['app/auth-area.tsx', 'app/guarded-area.tsx', 'pages/chat.tsx']],
  [/^\/(protected\/)?help\/?$/, ['app/auth-area.tsx', 'app/guarded-area.tsx', 'pages/help.tsx']],
  [/^\/protected\/pdf_viewer\/?$/, ['app/auth-area.tsx', 'app/guarded-area.tsx', 'pages/pdf-viewer.tsx']],
]

/** The part of Vite's build manifest read here (vite.config.ts `build.manifest`). */
export type ViteManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>

export function readViteManifest(clientDir: string): ViteManifest | null {
  const file = path.join(clientDir, '.vite', 'manifest.json')
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ViteManifest) : null
}

/**
 * The files a route's modules load statically, in load order, leaving out what the entry chunk brings (index.html
 * already preloads it). A module the manifest does not know is skipped: a missing hint only costs time.
 */
export function routePreloadFiles(manifest: ViteManifest, modules: readonly string[]): string[] {
  const loaded = new Set<string>()
  const walk = (key: string) => {
    if (loaded.has(key) || !manifest[key]) return
    loaded.add(key)
    for (const imported of manifest[key].imports ?? []) walk(imported)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key)
  const entry = new Set(loaded)
  const files: string[] = []
  for (const module of modules) {
    const before = new Set(loaded)
    walk(module)
    for (const key of loaded) if (!before.has(key) && !entry.has(key)) files.push(manifest[key]!.file)
  }
  return files
}

/**
 * The page with a modulepreload hint per file, where Vite puts its own (before </head>; same crossorigin). A page
 * prerendered at build time fetches its scripts at low priority (decision 0032): its hints say so too. /auth's form
 * pages and the chat's keep the app's tags in an inert template until the app is wanted (decisions 0040, 0041): the
 * hints go at the end of that template (`intoTemplate`, its id), whatever other templates the page holds.
 */
export function withModulePreloads(
  html: string,
  files: readonly string[],
  { priority, intoTemplate }: { priority?: 'low'; intoTemplate?: string } = {},
): string {
  if (files.length === 0) return html
  const opens = intoTemplate === undefined ? 0 : html.indexOf(`<template id="${intoTemplate}">`)
  const at = opens < 0 ? -1 : html.indexOf(intoTemplate === undefined ? '</head>' : '</template>', opens)
  if (at < 0)
    throw new Error(
      `la página no tiene ${intoTemplate === undefined ? '</head>' : `<template id="${intoTemplate}">`}`,
    )
  const attrs = priority === 'low' ? 'crossorigin fetchpriority="low"' : 'crossorigin'
  const links = files.map((f) => `    <link rel="modulepreload" ${attrs} href="/${f}">\n`).join('')
  return `${html.slice(0, at)}${links}  ${html.slice(at)}`
}
