import { mkdirSync } from 'node:fs'
import { createConnection } from 'node:net'
import { join } from 'node:path'
import type { Backend } from './backend.ts'
import { freePort } from '../free-port.ts'
import { managedProcess } from '../managed-process.ts'

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' })
    socket.setTimeout(500, () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(false))
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (data) => {
      socket.destroy()
      resolve(data.toString().startsWith('+PONG'))
    })
  })
}

export async function startRedis(options: { dataDir: string; binary: string }): Promise<Backend> {
  const port = await freePort()
  const dir = join(options.dataDir, 'redis')
  mkdirSync(dir, { recursive: true })
  const server = managedProcess({
    name: 'redis',
    command: options.binary,
    args: [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
    ],
    logFile: join(options.dataDir, 'logs', 'redis.log'),
    isReady: () => answersPing(port),
  })
  await server.start()
  return { url: `redis://127.0.0.1:${port}`, control: server, dispose: () => server.stop(5000) }
}
