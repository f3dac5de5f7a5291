#!/usr/bin/env -S node --import tsx
import process from 'node:process'
import { runCli } from './run-cli.ts'

process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
})
