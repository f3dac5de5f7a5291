import { Editor } from '@tiptap/core'
import type { JSONContent } from '@tiptap/core'
import StarterKit from '@tiptap/starter-kit'
import { useEffect, useRef, useState } from 'preact/hooks'
import type { FieldProps } from './field-props.ts'

/** The spec's rich-text value, `{type, content[]}`: ProseMirror's JSON document. */
const isDocument = (value: unknown): value is JSONContent =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as JSONContent).type === 'string' &&
  Array.isArray((value as JSONContent).content)

const EMPTY: JSONContent = { type: 'doc', content: [{ type: 'paragraph' }] }

const MARKS = [
  {
    name: 'bold',
    label: 'Bold',
    text: 'B',
    run: (e: Editor) => e.chain().focus().toggleBold().run(),
  },
  {
    name: 'italic',
    label: 'Italic',
    text: 'I',
    run: (e: Editor) => e.chain().focus().toggleItalic().run(),
  },
] as const

const BLOCKS = [
  {
    name: 'heading',
    attrs: { level: 2 },
    label: 'Heading',
    text: 'H2',
    run: (e: Editor) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    name: 'bulletList',
    attrs: undefined,
    label: 'Bulleted list',
    text: '•',
    run: (e: Editor) => e.chain().focus().toggleBulletList().run(),
  },
  {
    name: 'orderedList',
    attrs: undefined,
    label: 'Numbered list',
    text: '1.',
    run: (e: Editor) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    name: 'blockquote',
    attrs: undefined,
    label: 'Quote',
    text: '❝',
    run: (e: Editor) => e.chain().focus().toggleBlockquote().run(),
  },
] as const

/**
 * TipTap (ProseMirror) without its injected stylesheet, which the CSP's `style-src 'self'`
 * would refuse: its few rules live in editor.css. The toolbar's buttons say their state with
 * `aria-pressed`; the editable area is a labelled multi-line textbox.
 */
export function RichTextInput({ field, id, value, onChange, invalid, describedBy }: FieldProps) {
  const host = useRef<HTMLDivElement>(null)
  const editor = useRef<Editor | undefined>(undefined)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const [, setTick] = useState(0)
  useEffect(() => {
    if (!host.current) return
    const instance = new Editor({
      element: host.current,
      extensions: [StarterKit.configure({ link: false, underline: false, codeBlock: false })],
      content: isDocument(value) ? value : EMPTY,
      injectCSS: false,
      editorProps: {
        attributes: {
          id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': `${id}-label`,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
          class: 'rich-text-area',
        },
      },
      onUpdate: ({ editor: changed }) =>
        onChangeRef.current(changed.isEmpty ? null : changed.getJSON()),
      onSelectionUpdate: () => setTick((tick) => tick + 1),
      onTransaction: () => setTick((tick) => tick + 1),
    })
    editor.current = instance
    return () => instance.destroy()
  }, [])
  const current = editor.current
  return (
    <div class={`rich-text${invalid ? ' rich-text-invalid' : ''}`}>
      <div class="rich-text-toolbar" role="toolbar" aria-label={`${field.label} formatting`}>
        {[...MARKS, ...BLOCKS].map((tool) => (
          <button
            key={tool.name}
            type="button"
            class="tool"
            aria-label={tool.label}
            title={tool.label}
            aria-pressed={
              current?.isActive(tool.name, 'attrs' in tool ? tool.attrs : undefined) ?? false
            }
            // A click keeps the focus (and the selection) in the text; keyboard users come back to it by the command's focus().
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => current && tool.run(current)}
          >
            {tool.text}
          </button>
        ))}
      </div>
      <div ref={host} />
    </div>
  )
}
