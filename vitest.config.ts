import process from 'node:process'
import { defineConfig } from 'vitest/config'
import { SlowFirstSequencer } from './test/setup/slow-first-sequencer.ts'

const timeouts = { testTimeout: 60_000, hookTimeout: 180_000 }

export default defineConfig({
  test: {
    projects: [
      {
        // Tests beside the source need no stack and keep no state between files, so they share
        // their workers' module cache instead of importing everything again per file.
        test: {
          ...timeouts,
          name: 'unit',
          include: [
            'libs/*/src/**/*.test.ts',
            'apps/cli/src/**/*.test.ts',
            'apps/admin-ui/src/**/*.test.ts',
            'services/*/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          isolate: false,
        },
      },
      {
        test: {
          ...timeouts,
          name: 'integration',
          include: [
            'apps/cli/test/**/*.test.ts',
            'libs/*/test/**/*.test.ts',
            'services/*/test/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          globalSetup: ['test/setup/global-setup.ts'],
          setupFiles: ['test/setup/delete-created-websites.ts'],
        },
      },
    ],
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    reporters: process.env.CI ? ['default'] : ['default'],
  },
})
