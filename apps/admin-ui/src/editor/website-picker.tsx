import type { EditorWebsite } from './editor-websites.ts'

/** Which website the editor works on: the person's memberships (operators: every website). */
export function WebsitePicker(props: {
  websites: readonly EditorWebsite[]
  chosen: string
  onChoose: (id: string) => void
}) {
  return (
    <div class="website-picker">
      <label for="editor-website">Website</label>
      <select
        id="editor-website"
        value={props.chosen}
        onChange={(event) => props.onChoose(event.currentTarget.value)}
      >
        {props.websites.map((website) => (
          <option key={website.id} value={website.id}>
            {website.label} ({website.role})
          </option>
        ))}
      </select>
    </div>
  )
}
