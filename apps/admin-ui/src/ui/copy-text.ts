/**
 * Puts `text` on the clipboard. The Clipboard API needs a secure context (https or localhost);
 * elsewhere the text is selected in `field` so the operator can copy it by hand.
 */
export async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    field?.focus()
    field?.select()
    return false
  }
}
