import { describe, expect, it } from 'vitest'
import { processInstanceId } from './health.ts'

describe('processInstanceId', () => {
  it('when the launcher gave CMS_INSTANCE_ID, then /healthz reports that id', () => {
    expect(processInstanceId({ CMS_INSTANCE_ID: 'a1b2' })).toBe('a1b2')
  })

  it('when nobody gave one, then each process gets a random id of its own', () => {
    const first = processInstanceId({})
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    expect(processInstanceId({ CMS_INSTANCE_ID: '' })).not.toBe(first)
  })
})
