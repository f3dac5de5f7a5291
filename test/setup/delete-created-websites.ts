import { afterAll } from 'vitest'
import { deleteCreatedWebsites } from '@cms/testkit'

// Registered before the file's own hooks, so it runs after them (vitest runs after-hooks in stack order).
afterAll(deleteCreatedWebsites, 60_000)
