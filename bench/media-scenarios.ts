import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import sharp from 'sharp'

export interface MediaBench {
  /** Median of three uploads of one 20 MB file through the gateway. */
  uploadMBPerSec: number
  /** A 1200 px JPEG made 400 px WebP: each distinct transform the first time, then cached. */
  transformFirstP50Ms: number
  transformCachedP50Ms: number
  /** The gateway's resident set before and after 20 clients upload 20 MB each at once, and its peak. */
  gatewayRss: { beforeMB: number; peakMB: number; afterMB: number }
}

const MB = 1024 * 1024
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const round = (value: number, digits = 1) => Number(value.toFixed(digits))

/** A PDF header and random bytes: an accepted type that no transform or decoder touches. */
const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(bytes - 9)])

function residentMB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'))
  return round(Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024)
}

/**
 * Extensions C's figures through the public API: upload speed, a transform first and cached,
 * and whether the gateway buffers uploads (its memory under 20 concurrent 20 MB uploads).
 */
export async function measureMedia(options: {
  gatewayUrl: string
  adminKey: string
  gatewayPid: number
  log: (line: string) => void
}): Promise<MediaBench> {
  const upload = async (bytes: Buffer, name: string) => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)]), name)
    const response = await fetch(`${options.gatewayUrl}/api/media`, {
      method: 'POST',
      headers: { 'x-api-key': options.adminKey },
      body: form,
    })
    const body = (await response.json()) as { url: string }
    if (response.status !== 201)
      throw new Error(`upload: ${response.status} ${JSON.stringify(body)}`)
    return body
  }

  const file = pdfOf(20 * MB)
  const seconds: number[] = []
  for (let i = 0; i < 3; i++) {
    const started = performance.now()
    await upload(file, `big-${i}.pdf`)
    seconds.push((performance.now() - started) / 1000)
  }
  const uploadMBPerSec = round(20 / median(seconds))
  options.log(`media: 20 MB uploads in ${seconds.map((s) => round(s, 2)).join(', ')} s`)

  const photo = await sharp({
    create: {
      width: 1200,
      height: 800,
      channels: 3,
      background: { r: 90, g: 140, b: 200 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer()
  const { url } = await upload(photo, 'photo.jpg')
  const get = async (query: string) => {
    const started = performance.now()
    const response = await fetch(`${options.gatewayUrl}${url}?${query}`)
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`transform ${query}: ${response.status}`)
    return performance.now() - started
  }
  // Five distinct transforms: each reads the original from GridFS, a scan there on FerretDB (~3 s).
  const first: number[] = []
  for (let q = 60; q < 65; q++) first.push(await get(`w=400&format=webp&q=${q}`))
  const cached: number[] = []
  for (let i = 0; i < 20; i++) cached.push(await get('w=400&format=webp&q=60'))

  const beforeMB = residentMB(options.gatewayPid)
  let peakMB = beforeMB
  const sampler = setInterval(() => {
    peakMB = Math.max(peakMB, residentMB(options.gatewayPid))
  }, 100)
  try {
    await Promise.all(Array.from({ length: 20 }, (_, i) => upload(file, `many-${i}.pdf`)))
  } finally {
    clearInterval(sampler)
  }
  const afterMB = residentMB(options.gatewayPid)
  return {
    uploadMBPerSec,
    transformFirstP50Ms: round(median(first)),
    transformCachedP50Ms: round(median(cached)),
    gatewayRss: { beforeMB, peakMB, afterMB },
  }
}
