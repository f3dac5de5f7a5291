import { describe, expect, it } from 'vitest'
import { cleanFilename, storedFilename } from './file-name.ts'

describe('file names', () => {
  it('when a name holds control or direction characters, then they are removed', () => {
    expect(cleanFilename('a\u0000b\u001fc\u007f\u0085d.png', 'file')).toBe('abcd.png')
    expect(cleanFilename('invoice\u202Egpj.exe', 'file')).toBe('invoicegpj.exe')
    for (const mark of ['\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068'])
      expect(cleanFilename(`a${mark}b\u2069\u200E\u200F\u061C.png`, 'file')).toBe('ab.png')
    expect(cleanFilename('\u202E\u0007', 'file')).toBe('file')
    expect(cleanFilename('../../x.png', 'file')).toBe('x.png')
  })

  it('when the extension is not one of the sniffed type, then the type gives it', () => {
    expect(storedFilename('x.html', 'image/png')).toBe('x.png')
    expect(storedFilename('x.svg', 'image/png')).toBe('x.png')
    expect(storedFilename('photo', 'image/jpeg')).toBe('photo.jpg')
    expect(storedFilename('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG')
    expect(storedFilename('report 2024.pdf.exe', 'application/pdf')).toBe('report 2024.pdf.pdf')
    expect(storedFilename('invoice\u202Egpj.exe', 'image/png')).toBe('invoicegpj.png')
    expect(storedFilename('.html', 'image/png')).toBe('file.png')
    expect(storedFilename(undefined, 'video/mp4')).toBe('file.mp4')
  })

  it('when a name is long, then the extension still ends it', () => {
    const name = storedFilename(`${'a'.repeat(300)}.html`, 'image/webp')
    expect(name.endsWith('.webp')).toBe(true)
    expect(name.length).toBeLessThanOrEqual(200)
  })
})
