import { afterAll } from 'vitest'
// The module itself, not @cms/testkit's index: a file that never imports the kit pays nothing.
import { deleteCreatedWebsites } from '../../libs/testkit/src/created-websites.ts'

// Registered before the file's own hooks, so it runs after them (vitest runs after-hooks in stack order).
afterAll(deleteCreatedWebsites, 60_000)
