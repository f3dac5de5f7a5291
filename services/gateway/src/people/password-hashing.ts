import { randomBytes } from 'node:crypto'
import { argon2id, argon2Verify } from 'hash-wasm'

/**
 * OWASP's argon2id setting (19 MiB, 2 passes, 1 lane), as a PHC string that names its own
 * parameters, so a later, stronger setting still verifies today's hashes. hash-wasm runs the
 * same WebAssembly on Node and Deno.
 */
const SETTING = { memorySize: 19 * 1024, iterations: 2, parallelism: 1, hashLength: 32 }

export function hashPassword(password: string): Promise<string> {
  return argon2id({ ...SETTING, password, salt: randomBytes(16), outputType: 'encoded' })
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return argon2Verify({ password, hash }).catch(() => false)
}

/** Verified when a person has no password or no such person exists, so both take as long. */
let decoy: Promise<string> | undefined
export const decoyHash = (): Promise<string> =>
  (decoy ??= hashPassword(randomBytes(16).toString('hex')))
