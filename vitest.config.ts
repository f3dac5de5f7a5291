import process from 'node:process'
import { defineConfig } from 'vitest/config'
import { SlowFirstSequencer } from './test/setup/slow-first-sequencer.ts'

export default defineConfig({
  test: {
    include: [
      'libs/*/src/**/*.test.ts',
      'apps/cli/src/**/*.test.ts',
      'apps/admin-ui/src/**/*.test.ts',
      'apps/cli/test/**/*.test.ts',
      'libs/*/test/**/*.test.ts',
      'services/*/src/**/*.test.ts',
      'services/*/test/**/*.test.ts',
      'test/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    globalSetup: ['test/setup/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    reporters: process.env.CI ? ['default'] : ['default'],
  },
})
