import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Where the build (`build.ts`, run by `npm install`) writes the panel; the gateway serves this
 * folder and needs nothing else of this workspace.
 */
export const ADMIN_UI_DIST = join(dirname(fileURLToPath(import.meta.url)), 'dist')
