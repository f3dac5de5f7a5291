import { describe, expect, it } from 'vitest'
import { readTestTitles } from './test-titles.ts'

/** Source text the parser reads: the skip and todo in it are its content, not tests of this file. */
const SOURCE = `
import { describe, it, test } from 'vitest'
describe('outer', () => {
  describe.concurrent('inner', () => {
    it('plain', async () => {})
    it.each([1, 2])('each %s', () => {})
    it.fails('failing', () => {})
    // Not a test of this file: a skipped test in the source the parser reads, whose mode it reports.
    it.skip('skipped', () => {})
    it.todo('later')
  })
  test(\`template \${1 + 1} done\`, () => {})
})
it('top level', () => {
  const it = (title: string) => title
  it('not a test inside a test')
})
const helper = () => it(someVariable, () => {})
`

describe('readTestTitles', () => {
  it('when a file nests tests in describes, then each test has its describe chain and mode', () => {
    expect(readTestTitles('a.test.ts', SOURCE)).toEqual([
      { file: 'a.test.ts', titles: ['outer', 'inner', 'plain'], mode: 'runs' },
      { file: 'a.test.ts', titles: ['outer', 'inner', 'each %s'], mode: 'runs' },
      { file: 'a.test.ts', titles: ['outer', 'inner', 'failing'], mode: 'fails' },
      { file: 'a.test.ts', titles: ['outer', 'inner', 'skipped'], mode: 'skipped' },
      { file: 'a.test.ts', titles: ['outer', 'inner', 'later'], mode: 'skipped' },
      { file: 'a.test.ts', titles: ['outer', 'template … done'], mode: 'runs' },
      { file: 'a.test.ts', titles: ['top level'], mode: 'runs' },
    ])
  })

  it('when the file has no tests, then there are none', () => {
    expect(readTestTitles('b.test.ts', 'export const x = 1')).toEqual([])
  })
})
