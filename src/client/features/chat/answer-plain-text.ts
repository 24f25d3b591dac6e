import type { Nodes, Parents, Root } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import type { SourceItem } from '../../../shared/search-schemas'

/** Parsed as the answer is drawn (GFM: tables, strikethrough, autolinks), so the copy says what the screen shows. */
const parser = unified().use(remarkParse).use(remarkGfm)

const isExternal = (url: string) => /^https?:\/\//i.test(url)

/** A run of inline text: marks dropped, a web link's address kept after its words (it is not on paper). */
function inline(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value
    case 'break':
      return '\n'
    case 'image':
      return node.alt ?? ''
    case 'html':
      return ''
    case 'link': {
      const words = node.children.map(inline).join('')
      return isExternal(node.url) && words !== node.url ? `${words} (${node.url})` : words
    }
    default:
      return 'children' in node ? (node.children as Nodes[]).map(inline).join('') : ''
  }
}

/** A block as plain lines: headings and paragraphs on their own line, list items one a line with their marker. */
function block(node: Nodes): string {
  switch (node.type) {
    case 'heading':
    case 'paragraph':
      return inline(node).trim()
    case 'code':
      return node.value
    case 'thematicBreak':
    case 'html':
    case 'definition':
      return ''
    case 'list':
      return node.children
        .map((item, i) => {
          const marker = node.ordered ? `${(node.start ?? 1) + i}. ` : '• '
          const body = item.children.map(block).filter(Boolean).join('\n')
          // Nested lines stay under their item.
          return marker + body.replace(/\n/g, '\n   ')
        })
        .join('\n')
    case 'table':
      return node.children.map((row) => row.children.map((cell) => inline(cell).trim()).join('\t')).join('\n')
    case 'blockquote':
    case 'root':
      return blocks(node)
    default:
      return 'children' in node ? blocks(node as Parents) : inline(node)
  }
}

/** Blocks apart by a blank line, as paragraphs are on paper. */
function blocks(node: Parents): string {
  return (node.children as Nodes[])
    .map(block)
    .filter((t) => t.trim())
    .join('\n\n')
}

/** An answer's Markdown as the plain text a person would paste in a letter or a message. */
export function markdownToPlainText(markdown: string): string {
  const tree = parser.parse(markdown) as Root
  return blocks(tree).trim()
}

/** How a source is named in the copy: the norm with its article, the ruling with its part ('Fundamento tercero'). */
export function sourceLine(source: SourceItem): string {
  const title = source.title.trim()
  const label = source.label.trim()
  return label && !title.toLowerCase().includes(label.toLowerCase()) ? `${title}, ${label}` : title
}

/**
 * The answer to copy: its text, then its sources. The answer cites them as [n], numbered as they come (norms first,
 * then rulings), so the list keeps those numbers.
 */
export function answerPlainText(answer: {
  content: string
  context_leyes: SourceItem[]
  context_sentencias: SourceItem[]
}): string {
  const text = markdownToPlainText(answer.content)
  const sources = [...answer.context_leyes, ...answer.context_sentencias]
  if (!sources.length) return text
  const list = sources.map((s, i) => `[${i + 1}] ${sourceLine(s)}`).join('\n')
  return `${text}\n\nFuentes:\n${list}`
}
