import { Box } from '@chakra-ui/react'
import type { AnchorHTMLAttributes } from 'react'
import ReactMarkdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { repairPartialMarkdown } from './partial-markdown'
import { safeUrl } from './safe-url'

/** A link the spec's rule let through; anything else renders as a harmless no-op link. */
function SafeLink({ href, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  if (!href) {
    return (
      // biome-ignore lint/a11y/useValidAnchor: spec §5 wants a disallowed link kept as a harmless no-op link
      <a href="#" onClick={(e) => e.preventDefault()} title="Enlace no permitido" data-unsafe-link="">
        {children}
      </a>
    )
  }
  const external = /^(https?:)?\/\//i.test(href)
  return (
    <a {...rest} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  )
}

/**
 * Spec §2: answers in Markdown with styled headings, links, lists, code, images, blockquotes and tables.
 * `streaming`: the text is an answer still arriving, cut anywhere; its unfinished end is closed or hidden first, so
 * the partial answer is drawn by the same renderer and styles as the final one, never with raw markers.
 */
export function Markdown({ children, streaming = false }: { children: string; streaming?: boolean }) {
  return (
    <Box
      className="lexia-markdown"
      fontSize="sm"
      lineHeight="1.7"
      css={{
        '& h1, & h2, & h3, & h4': { fontWeight: 'semibold', mt: '3', mb: '1.5', lineHeight: '1.3' },
        '& h1': { fontSize: 'xl' },
        '& h2': { fontSize: 'lg' },
        '& h3, & h4': { fontSize: 'md' },
        '& p': { my: '2' },
        '& a': { color: 'colorPalette.fg', textDecoration: 'underline' },
        '& ul, & ol': { pl: '5', my: '2' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& li': { my: '0.5' },
        '& blockquote': {
          borderLeftWidth: '3px',
          borderColor: 'colorPalette.solid',
          pl: '3',
          my: '2',
          color: 'fg.muted',
          fontStyle: 'italic',
        },
        '& code': { fontFamily: 'mono', fontSize: '0.85em', bg: 'bg.muted', px: '1', rounded: 'sm' },
        '& pre': { bg: 'bg.muted', p: '3', rounded: 'md', overflowX: 'auto', my: '2' },
        '& pre code': { bg: 'transparent', p: '0' },
        '& img': { maxW: '100%', rounded: 'md' },
        '& table': { borderCollapse: 'collapse', my: '2', display: 'block', overflowX: 'auto' },
        '& th, & td': { borderWidth: '1px', px: '2', py: '1', textAlign: 'left' },
        '& th': { bg: 'bg.muted', fontWeight: 'semibold' },
        '& hr': { my: '3' },
      }}
    >
      <ReactMarkdown remarkPlugins={[remarkGfm]} urlTransform={safeUrl} components={{ a: SafeLink }}>
        {streaming ? repairPartialMarkdown(children) : children}
      </ReactMarkdown>
    </Box>
  )
}

export default Markdown
