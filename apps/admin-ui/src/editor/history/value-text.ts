import type { JSONContent } from '@tiptap/core'

/** The text of a rich-text document, blocks on their own lines. */
function richText(node: JSONContent): string {
  if (typeof node.text === 'string') return node.text
  const inner = (node.content ?? []).map(richText)
  const block = ['paragraph', 'heading', 'listItem', 'blockquote'].includes(node.type ?? '')
  return block ? `${inner.join('')}\n` : inner.join('')
}

/** A field's value as the diff shows it: plain text, comparable between two versions. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value) && value.every((each) => typeof each === 'string')) {
    return value.join(', ')
  }
  if (typeof value === 'object' && Array.isArray((value as JSONContent).content)) {
    return richText(value as JSONContent).trimEnd()
  }
  return JSON.stringify(value, null, 2)
}
