import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { bodyDigester, mayBeSameBody, sameBody } from './request-body-digest.ts'

/** A multipart form with the given boundary, as a client would frame it. */
function form(boundary: string, parts: Array<{ name: string; filename?: string; value: string }>) {
  const body = parts
    .map((part) => {
      const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`
      const type = part.filename ? '\r\nContent-Type: image/png' : ''
      return `--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n${part.value}\r\n`
    })
    .join('')
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    bytes: Buffer.from(`${body}--${boundary}--\r\n`),
  }
}

async function digestOf(contentType: string | undefined, bytes: Buffer, chunkSize = 7) {
  const digester = bodyDigester(contentType)
  for (let at = 0; at < bytes.length; at += chunkSize)
    digester.add(bytes.subarray(at, at + chunkSize))
  return digester.digest()
}

const PARTS = [
  { name: 'file', filename: 'a.png', value: 'PNG bytes '.repeat(50) },
  { name: 'alt', value: 'An image' },
]

describe('request body digest', () => {
  it('when the same form is framed with two boundaries, then both have one digest; another file, name or field has another', async () => {
    const first = form('----first-boundary', PARTS)
    const second = form('x-other-boundary-of-another-length', PARTS)
    const a = await digestOf(first.contentType, first.bytes)
    const b = await digestOf(second.contentType, second.bytes, 1000)
    expect(a.form).toBe(true)
    expect(a.sha256).toBe(b.sha256)
    expect(a.bytes).toBe(first.bytes.length)
    for (const changed of [
      [{ ...PARTS[0]!, value: 'other bytes' }, PARTS[1]!],
      [{ ...PARTS[0]!, filename: 'b.png' }, PARTS[1]!],
      [PARTS[0]!, { name: 'alt', value: 'Another image' }],
      [PARTS[0]!],
    ]) {
      const other = form('----first-boundary', changed)
      expect((await digestOf(other.contentType, other.bytes)).sha256).not.toBe(a.sha256)
    }
  })

  it('when a body is not a form, or a form busboy cannot read or of over 64 parts, then its digest is that of its bytes', async () => {
    const json = Buffer.from('{"type":"note","data":{"title":"x"}}')
    const plain = await digestOf('application/json', json)
    expect(plain.form).toBeUndefined()
    expect(plain.bytes).toBe(json.length)
    const broken = Buffer.from('--b\r\nContent-Disposition: form-data; name="alt"\r\n\r\ncut off')
    const cut = await digestOf('multipart/form-data; boundary=b', broken)
    expect(cut.form).toBeUndefined()
    expect(cut).toEqual(await digestOf(undefined, broken))
    expect(await digestOf('multipart/form-data', broken)).toEqual(cut)
    const crowded = form(
      'b',
      Array.from({ length: 65 }, (_, index) => ({ name: 'alt', value: String(index) })),
    )
    const many = await digestOf(crowded.contentType, crowded.bytes)
    expect(many).toEqual(await digestOf(undefined, crowded.bytes))
  })

  it('when a retry sends the form again with a new boundary, then it is the same body; another file is not', async () => {
    const first = form('----first-boundary', PARTS)
    const expected = await digestOf(first.contentType, first.bytes)
    const retry = form('----retry-boundary-longer', PARTS)
    expect(mayBeSameBody(retry.bytes.length, expected)).toBe(true)
    expect(await sameBody(Readable.from([retry.bytes]), retry.contentType, expected)).toEqual({
      same: true,
      complete: true,
    })
    const other = form('----retry-boundary', [{ ...PARTS[0]!, value: 'else' }, PARTS[1]!])
    expect((await sameBody(Readable.from([other.bytes]), other.contentType, expected)).same).toBe(
      false,
    )
    const json = await digestOf('application/json', Buffer.from('{}'))
    expect(mayBeSameBody(3, json)).toBe(false)
    expect(mayBeSameBody(2, json)).toBe(true)
  })
})
