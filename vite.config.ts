import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type ProxyOptions } from 'vite'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const apiServer = process.env.LEXIA_API_URL ?? 'http://localhost:3000'

/** The dev server forwards the API and the dev-only pages to the Node server, as its own origin. */
const proxyToServer: ProxyOptions = {
  target: apiServer,
  changeOrigin: true,
  configure: (proxy) => {
    // The server refuses POSTs whose Origin is not its own base URL (CSRF check).
    proxy.on('proxyReq', (req) => {
      if (req.getHeader('origin')) req.setHeader('origin', new URL(apiServer).origin)
    })
  },
}

export default defineConfig({
  root: fromRoot('./src/client'),
  publicDir: fromRoot('./src/client/public'),
  plugins: [react()],
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    // Which chunks each page needs: the server names them in the page it sends (src/server/http/route-preloads.ts).
    manifest: true,
    rolldownOptions: {
      // The SPA's page, and the prerendered landing page's own small script (decision 0032): scripts/build.mjs
      // writes that page from the built index.html, the manifest's name for this entry and the React markup.
      input: {
        index: fromRoot('./src/client/index.html'),
        landing: fromRoot('./src/client/landing-main.ts'),
        // /auth's form page's script (decision 0040), likewise.
        authForm: fromRoot('./src/client/auth-page-main.ts'),
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': proxyToServer, '/dev': proxyToServer },
  },
  preview: { port: 4173 },
})
