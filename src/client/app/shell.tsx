import { Box } from '@chakra-ui/react'
import { Suspense, useEffect } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { PageLoader } from '../components/page-loader'
import { PUBLIC_HEADER_OFFSET, PublicHeader } from '../components/public-header'
import { createPageViewTracker } from '../lib/analytics'
import { loadTagManager } from '../lib/gtm'
import { usePublicConfig } from '../lib/runtime-config'
import { setSupportWidgetVisible } from '../lib/support-widget'
import { isSupportWidgetHidden, pageTitle, showsPublicHeader } from './paths'

const trackPageView = createPageViewTracker()

/** Title and page view on every route change (spec §2). */
function usePageViews(pathname: string, search: string): void {
  useEffect(() => {
    const title = pageTitle(pathname)
    document.title = title
    trackPageView(pathname, search, title)
  }, [pathname, search])
}

/** Tag manager once the page is interactive; support widget only where it may show. */
function useThirdParty(pathname: string): void {
  const config = usePublicConfig()
  const gtmId = config?.gtmId
  const widgetSrc = config?.supportWidgetSrc
  useEffect(() => {
    if (gtmId) loadTagManager(gtmId)
  }, [gtmId])
  useEffect(() => {
    setSupportWidgetVisible(widgetSrc, !isSupportWidgetHidden(pathname))
  }, [widgetSrc, pathname])
}

/** App shell of spec §2: the public header on every page that is not full-screen. */
export function AppShell() {
  const { pathname, search } = useLocation()
  usePageViews(pathname, search)
  useThirdParty(pathname)
  const withHeader = showsPublicHeader(pathname)
  return (
    <>
      <ScrollRestoration />
      {withHeader && <PublicHeader />}
      <Box
        pt={withHeader ? PUBLIC_HEADER_OFFSET : undefined}
        minH="100dvh"
        display="flex"
        flexDirection="column"
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </>
  )
}
