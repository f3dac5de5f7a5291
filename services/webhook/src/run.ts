import { runService } from '@cms/http'
import { start } from './main.ts'

await runService('webhook', start)
