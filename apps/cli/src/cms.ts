#!/usr/bin/env -S node --import tsx
import process from 'node:process'
import { createInterface } from 'node:readline/promises'
import { runCli } from './run-cli.ts'

/** A yes/no question on the terminal (on stderr, so stdout stays the command's output). */
async function confirm(question: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr })
  try {
    return /^y(es)?$/i.test((await terminal.question(`${question} [y/N] `)).trim())
  } finally {
    terminal.close()
  }
}

process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  ...(process.stdin.isTTY ? { confirm } : {}),
})
