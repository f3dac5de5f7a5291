import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildBrowserBundle } from '../scripts/build-browser-bundle.ts'

describe('@cms/client browser bundle', () => {
  it('when the client is bundled for browsers, then it is one ES module without Node built-ins, and its size is printed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cms-client-'))
    try {
      const bundle = await buildBrowserBundle(join(dir, 'cms-client.js'))
      console.log(`@cms/client browser bundle: ${bundle.bytes} bytes, ${bundle.gzipBytes} gzipped`)
      expect(bundle.imports).toEqual([])
      const code = readFileSync(bundle.file, 'utf8')
      expect(code).not.toMatch(/\bnode:|require\(/)
      expect(code).toContain('Idempotency-Key'.toLowerCase())
      expect(bundle.gzipBytes).toBeLessThan(30_000)
      const module = await import(bundle.file)
      expect(Object.keys(module)).toEqual(
        expect.arrayContaining(['createCmsClient', 'CmsApiError']),
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
