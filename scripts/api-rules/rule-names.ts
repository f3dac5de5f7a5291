/** A rule of docs/api.md: a list item that starts with `§ <name>` in code. */
export interface ApiRule {
  name: string
  /** 1-based line of docs/api.md. */
  line: number
}

const RULE_ITEM = /^\s*[-*]\s+`§ ([^`]+)`/

/** The rules of a Markdown text, in order; text inside fenced code blocks is an example, not a rule. */
export function readRuleNames(markdown: string): ApiRule[] {
  const rules: ApiRule[] = []
  let fenced = false
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced
    if (fenced) return
    const match = RULE_ITEM.exec(text)
    if (match) rules.push({ name: match[1]!.trim(), line: index + 1 })
  })
  return rules
}

/**
 * Names that cannot be told apart in a title: given twice, or holding `; ` or ` — ` (the
 * separators of a title's rule names), or empty.
 */
export function ambiguousRuleNames(rules: readonly ApiRule[]): string[] {
  const problems: string[] = []
  const seen = new Set<string>()
  for (const { name, line } of rules) {
    if (seen.has(name)) problems.push(`line ${line}: "${name}" is named twice`)
    seen.add(name)
    if (name === '' || name.includes('; ') || name.includes(' — '))
      problems.push(`line ${line}: "${name}" may not be empty or hold "; " or " — "`)
  }
  return problems
}
