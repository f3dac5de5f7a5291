import ts from 'typescript'

/** One test (`it`/`test`) of a file, with the titles of the `describe` blocks around it. */
export interface TestTitle {
  file: string
  /** Outermost describe first, the test's own title last. */
  titles: string[]
  /** `skip`/`todo` tests hold nothing; `fails` tests hold a known divergence. */
  mode: 'runs' | 'skipped' | 'fails'
}

const SUITES = new Set(['describe', 'suite'])
const TESTS = new Set(['it', 'test'])
const SKIPPED = new Set(['skip', 'todo', 'skipIf', 'runIf'])

/** `it`, `it.fails`, `describe.concurrent.each(table)`: the base name and the modifiers. */
function calleeParts(callee: ts.Expression): { base: string; modifiers: string[] } | undefined {
  if (ts.isIdentifier(callee)) return { base: callee.text, modifiers: [] }
  if (ts.isPropertyAccessExpression(callee)) {
    const inner = calleeParts(callee.expression)
    return inner && { base: inner.base, modifiers: [...inner.modifiers, callee.name.text] }
  }
  // `it.each(table)` is itself called with the title.
  if (ts.isCallExpression(callee)) return calleeParts(callee.expression)
  return undefined
}

/** The literal text of a title; `${...}` parts of a template become `…`. */
function titleText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => `…${span.literal.text}`).join('')
  return undefined
}

/** Every test of a TypeScript test file with its describe chain, found in the syntax tree. */
export function readTestTitles(file: string, source: string): TestTitle[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const found: TestTitle[] = []
  const visit = (node: ts.Node, suites: string[]): void => {
    if (ts.isCallExpression(node)) {
      const parts = calleeParts(node.expression)
      const title = titleText(node.arguments[0])
      if (parts && title !== undefined && SUITES.has(parts.base)) {
        node.arguments.slice(1).forEach((argument) => visit(argument, [...suites, title]))
        return
      }
      if (parts && title !== undefined && TESTS.has(parts.base)) {
        const mode = parts.modifiers.some((m) => SKIPPED.has(m))
          ? 'skipped'
          : parts.modifiers.includes('fails')
            ? 'fails'
            : 'runs'
        found.push({ file, titles: [...suites, title], mode })
        return
      }
    }
    ts.forEachChild(node, (child) => visit(child, suites))
  }
  visit(tree, [])
  return found
}
