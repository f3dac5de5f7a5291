import type { ApiCall } from '@cms/testkit'
import type { ReadScenario } from './read-scenarios.ts'
import type { SeededDocument } from './seed-documents.ts'
import { AUDIT_OFF } from './audit-comparison.ts'
import { LANDING_COMMAND_BUDGET, LANDING_SCENARIO } from './landing-pages.ts'
import { countCommands } from './storage-commands.ts'
import type { CommandBudget, CommandCount } from './storage-commands.ts'

/** Budgets of storage commands per call (docs/performance.md says what each command is for). */
// Each read counts one look at the website's release marker after its query (docs/releases.md).
const BUDGETS: Readonly<Record<string, number>> = {
  'get by id': 2,
  'get by slug': 3,
  'list first page': 3,
  'list first page in fr (fallback)': 3,
  'list filter + $or + sort': 3,
  'list $contains + fields': 3,
  'list 20 + populate 2 relations': 5,
  'list 100 + populate 2 relations': 5,
  [LANDING_SCENARIO]: LANDING_COMMAND_BUDGET,
  create: 5,
  PATCH: 6,
  publish: 6,
}

/** PATCH and publish scan the documents on FerretDB (~1 s each at 10,000): five of each. */
const PATCHES = 5
const PUBLISHES = 5

async function expectOk(what: string, response: Promise<{ status: number; text: string }>) {
  const answer = await response
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${answer.text}`)
  return answer
}

/**
 * Each scenario alone, one call after another, after one call that warms the gateway's key
 * cache. Reads go through the gateway without a read cache, so every call reaches storage.
 */
export async function measureStorageCommands(options: {
  metricsUrls: readonly string[]
  coldGatewayUrl: string
  readKey: string
  api: ApiCall
  paths: readonly ReadScenario[]
  seeded: readonly SeededDocument[]
  /** Calls to the content writer with `AUDIT_LOG=off`: each write scenario again, as its twin. */
  auditOffApi?: ApiCall
  log: (line: string) => void
}): Promise<CommandCount[]> {
  const { api } = options
  const read = (path: string) =>
    expectOk(
      path,
      fetch(`${options.coldGatewayUrl}${path}`, { headers: { 'x-api-key': options.readKey } }).then(
        async (response) => ({ status: response.status, text: await response.text() }),
      ),
    )
  const times = async (calls: number, call: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < calls; i++) await call(i)
  }
  const byId = `/api/content/${options.seeded[0]!.id}`
  const scenarios: CommandBudget[] = options.paths.map((scenario) => {
    // A list on FerretDB at 10,000 documents takes seconds; its commands do not vary by call,
    // and any read warms the key cache.
    const list = scenario.name.startsWith('list')
    const calls = list ? 1 : 10
    return {
      name: scenario.name,
      budget: BUDGETS[scenario.name]!,
      calls,
      run: () => times(calls, (i) => read(scenario.paths[(i + 1) % scenario.paths.length]!)),
      warmUp: () => read(list ? byId : scenario.paths[0]!),
    }
  })
  /** create, PATCH and publish through `call`, each on documents of its own. */
  const writes = (call: ApiCall, suffix: string, targets: readonly SeededDocument[]) => {
    const create = (i: number) =>
      expectOk(
        'create',
        call('POST', '/api/content', {
          body: { type: 'article', data: { title: `commands probe${suffix} ${i} ${Date.now()}` } },
        }),
      )
    const drafts: string[] = []
    return [
      {
        name: `create${suffix}`,
        budget: BUDGETS.create!,
        calls: 10,
        warmUp: () => create(-1),
        run: () => times(10, create),
      },
      {
        name: `PATCH${suffix}`,
        budget: BUDGETS.PATCH!,
        calls: targets.length,
        run: () =>
          times(targets.length, (i) =>
            expectOk(
              'PATCH',
              call('PATCH', `/api/content/${targets[i]!.id}`, { body: { data: { views: i } } }),
            ),
          ),
      },
      {
        name: `publish${suffix}`,
        budget: BUDGETS.publish!,
        calls: PUBLISHES,
        warmUp: () =>
          times(PUBLISHES, async (i) => {
            const created = await create(100 + i)
            drafts.push((JSON.parse(created.text) as { id: string }).id)
          }),
        run: () =>
          times(PUBLISHES, (i) =>
            expectOk('publish', call('POST', `/api/content/${drafts[i]}/publish`)),
          ),
      },
    ] satisfies CommandBudget[]
  }
  scenarios.push(...writes(api, '', options.seeded.slice(0, PATCHES)))
  if (options.auditOffApi)
    scenarios.push(
      ...writes(options.auditOffApi, AUDIT_OFF, options.seeded.slice(PATCHES, 2 * PATCHES)),
    )
  const counts: CommandCount[] = []
  for (const scenario of scenarios) {
    await scenario.warmUp?.()
    const count = await countCommands(options.metricsUrls, scenario)
    options.log(
      `storage commands, ${count.name}: content store ${count.perCall} per call (budget ${count.budget}), other services ${count.otherServicesPerCall} ${JSON.stringify(count.byCommand)}; background ${count.backgroundPerCall}`,
    )
    counts.push(count)
  }
  return counts
}
