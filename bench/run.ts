import { BUILT_IN_ROLES } from '@cms/contract'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import process from 'node:process'
import { MongoClient } from 'mongodb'
import type { Db } from 'mongodb'
import type { ContentType } from '@cms/content-model'
import { authorizationHeaders, internalHeaders } from '@cms/http'
import { REPO_ROOT } from '@cms/stack'
import { startBenchStack } from './bench-stack.ts'
import { readBenchSettings } from './bench-settings.ts'
import { measureDriver, probeOperation } from './driver-load.ts'
import { measureHttp, probeRequest, visitEveryPath } from './http-load.ts'
import { answersOf, startKoaCeiling } from './koa-ceiling.ts'
import { cpuMicrosPerRequest, serviceCpuReading } from './cpu-per-request.ts'
import type { HttpLoad } from './http-load.ts'
import { describePlan, measurePlanned, planLoad } from './load-plan.ts'
import type { LoadPlan } from './load-plan.ts'
import { describeMachine } from './machine.ts'
import type { Measurement } from './measurement.ts'
import { readScenarios } from './read-scenarios.ts'
import { formatTable, scenarioResult, writeReport } from './report.ts'
import type { BenchReport, ScenarioResult } from './report.ts'
import { seedDocuments } from './seed-documents.ts'
import { measureStorageCommands } from './command-scenarios.ts'
import { formatCommandTable, readCommandCounts } from './storage-commands.ts'
import { seedRelated, seedWebsite } from './seed-website.ts'
import { BLOCKS_PER_PAGE, seedLandingPages } from './landing-pages.ts'
import {
  compareSessionToKey,
  SESSION_RATIO_GOAL,
  sessionPairs,
  signInViewer,
} from './session-scenarios.ts'
import type { SessionComparison } from './session-scenarios.ts'
import { benchFanOutQueues } from './fanout-queues.ts'
import type { QueueTypeResult } from './fanout-queues.ts'
import { measureWebhookFanOut } from './webhook-fanout.ts'
import { measureMedia } from './media-scenarios.ts'
import { createRequests, patchRequests } from './write-scenarios.ts'
import { formatPatternBench, measureHostilePattern } from './pattern-scenario.ts'
import {
  formatSyncBench,
  measureSync,
  seedSmallWebsite,
  syncPosition,
  syncWebsite,
} from './sync-scenarios.ts'
import { formatBulkBench, measureBulk } from './bulk-scenario.ts'
import { formatChangeStreamBench, measureChangeStream } from './change-stream.ts'
import { formatIdleBench, measureIdle } from './idle-scenario.ts'
import { formatVarnishBench, measureThroughVarnish } from './varnish-scenario.ts'
import { formatGraphqlBench, measureGraphqlPage, seedStories } from './graphql-scenario.ts'
import { auditCommands, formatAuditComparison, measureAuditThroughput } from './audit-comparison.ts'
import type { AuditThroughput } from './audit-comparison.ts'
import { jsonClient } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import type { AutocannonRequest } from 'autocannon'

const benchStarted = performance.now()
/** Each line names the seconds since the bench started: where a run's minutes go. */
const log = (line: string) =>
  process.stderr.write(
    `[bench +${Math.round((performance.now() - benchStarted) / 1000)}s] ${line}\n`,
  )

async function outboxDrained(db: Db, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if ((await db.collection('outbox').countDocuments({})) === 0) return true
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return false
}
const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim().toLowerCase())
/** BENCH_VARIANTS=warm,cold,direct,driver,304,roles,session narrows the read variants (all by default). */
const variants = process.env.BENCH_VARIANTS?.split(',').map((part) => part.trim())
const variant = (name: string) => !variants || variants.includes(name)
const selected = (name: string) => !only || only.some((part) => name.toLowerCase().includes(part))
/**
 * The warm reads the session and custom-role variants compare with a key's (issues 33, 34): a
 * session's or a role's cost is the same per request whatever is read, so one scenario shows it.
 */
const SESSION_SCENARIOS = ['get by id']
const ROLE_SCENARIOS = SESSION_SCENARIOS
/** A 304 costs the same whatever the list: the smallest answer and the largest show it. */
const CONDITIONAL_SCENARIOS = ['list first page', 'list 100 + populate 2 relations']
/** The reads of the Varnish scenario (issue 36): pages, lists and a populated list. */
const VARNISH_READ_MIX = [
  'get by id',
  'get by slug',
  'list first page',
  'list 20 + populate 2 relations',
]
const summary = (m: Measurement) =>
  `${m.reqPerSec} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms, errors ${m.errors} ${JSON.stringify(m.statuses)}`

async function main(): Promise<number> {
  const settings = readBenchSettings()
  const timed: LoadPlan = {
    kind: 'timed',
    connections: settings.connections,
    seconds: settings.seconds,
    warmupSeconds: settings.warmupSeconds,
  }
  const http = async (what: string, load: HttpLoad) =>
    measurePlanned(
      settings,
      await probeRequest(load),
      (plan) => measureHttp(load, plan),
      (plan) => log(`  ${what}: ${describePlan(plan)}`),
    )
  log(
    `${settings.seconds} s per scenario, ${settings.connections} connections, ${settings.documents} documents`,
  )
  const profileDir = process.env.BENCH_PROFILE
  const bench = await startBenchStack({
    log,
    changeStreams: settings.streams,
    ...(profileDir ? { profileDir } : {}),
  })
  const interrupted = () => {
    log('interrupted; stopping the stack')
    bench.stop().finally(() => process.exit(130))
  }
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  const mongo = new MongoClient(bench.stack.backends.mongo.url, {
    maxPoolSize: 20,
    retryWrites: false,
  })
  try {
    const db = mongo.db('cms_content')
    const machine = await describeMachine(db)
    log(machine)
    const site = await seedWebsite({
      gatewayUrl: bench.gatewayUrl,
      adminToken: bench.stack.services.adminToken,
    })
    const related = await seedRelated(site.api, { people: 50, topics: 20 })
    // Through the API before the articles: each create checks its relations with a read that
    // scans the collection on FerretDB (85 s for these 20 after 10,000 articles).
    const landing = await seedLandingPages({
      api: site.api,
      gatewayUrl: bench.gatewayUrl,
      adminKey: site.adminKey,
      related,
    })
    log(`seeded ${landing.length} landing pages of ${BLOCKS_PER_PAGE} blocks`)
    if (selected('graphql')) await seedStories(site.api, related)
    // The bench website's sync position before its articles, which are written to storage and
    // not through the change log: the sync scenario's delta starts here.
    const syncStart = selected('sync')
      ? await syncPosition(syncWebsite('bench website', bench.gatewayUrl, site, []))
      : undefined
    const seedStart = Date.now()
    const seeded = await seedDocuments({
      db,
      websiteId: site.websiteId,
      authorId: site.adminKeyId,
      count: settings.documents,
      related,
    })
    log(`seeded ${seeded.length} published articles in ${Date.now() - seedStart} ms`)
    const types = (await site.api<{ docs: ContentType[] }>('GET', '/api/content-types')).body.docs
    const stride = Math.max(1, Math.floor(seeded.length / settings.hotDocuments))
    const hot = seeded.filter((_, i) => i % stride === 0).slice(0, settings.hotDocuments)
    // Before any scenario: the seed's events sent, then nothing asked of the stack at all.
    if (selected('idle') && !(await outboxDrained(db, 300_000)))
      log('outbox still holds events after 300 s')
    const idle = selected('idle')
      ? await measureIdle({
          metricsUrls: bench.metricsUrls,
          seconds: Math.max(30, settings.seconds),
        })
      : undefined
    if (idle) log(formatIdleBench(idle))

    // Before any other write to the bench website: its delta holds only the sync's changes.
    const sync =
      syncStart === undefined
        ? undefined
        : await measureSync({
            sites: {
              large: syncWebsite('bench website', bench.gatewayUrl, site, seeded),
              small: await seedSmallWebsite({
                gatewayUrl: bench.gatewayUrl,
                adminToken: bench.stack.services.adminToken,
                db,
              }),
            },
            large: { ...syncStart, documents: syncStart.documents + seeded.length },
            initialPages: settings.syncPages,
            metricsUrls: bench.metricsUrls,
            log,
          })
    if (sync) log(formatSyncBench(sync))

    /**
     * A direct call's headers as the gateway sends them: the caller, and the grant of the one
     * operation `method` and `path` name (a service serves a public route only with it).
     */
    const internal = (role: 'viewer' | 'owner', keyId: string, method: string, path: string) => {
      const caller = { websiteId: site.websiteId, keyId, permissions: BUILT_IN_ROLES[role] }
      return {
        ...internalHeaders(bench.stack.services.internalToken, caller),
        ...authorizationHeaders(method, path, caller),
      }
    }
    const json = { 'content-type': 'application/json' }
    const writeHeaders = (method: string, path: string) => ({
      ...json,
      ...internal('owner', site.adminKeyId, method, path),
    })
    /** Calls to the content writer with `AUDIT_LOG=off`, each with its own operation's grant. */
    const auditOffJson = jsonClient(bench.auditOffWriteUrl, {})
    const auditOffApi: ApiCall = (method, path, options = {}) =>
      auditOffJson(method, path, {
        ...options,
        headers: { ...internal('owner', site.adminKeyId, method, path), ...options.headers },
      })
    const readKey = { 'x-api-key': site.readKey }
    const commands = await measureStorageCommands({
      metricsUrls: bench.metricsUrls,
      coldGatewayUrl: bench.coldGatewayUrl,
      readKey: site.readKey,
      api: site.api,
      paths: readScenarios({
        db,
        websiteId: site.websiteId,
        contentTypes: types,
        hot,
        landing: true,
      }),
      seeded,
      auditOffApi,
      log,
    })
    const viewer = variant('session')
      ? await signInViewer({
          gatewayUrl: bench.gatewayUrl,
          adminToken: bench.stack.services.adminToken,
          websiteId: site.websiteId,
        })
      : undefined
    const sessions: SessionComparison[] = []
    const results: ScenarioResult[] = []
    const record = (result: ScenarioResult, ours: Measurement) => {
      results.push(result)
      log(`${result.name}: ${summary(ours)}`)
    }

    for (const scenario of readScenarios({
      db,
      websiteId: site.websiteId,
      contentTypes: types,
      hot,
      landing: true,
    })) {
      if (!selected(scenario.name)) continue
      log(`${scenario.name} ...`)
      const driver = variant('driver')
        ? await (async () => {
            const measured = await measurePlanned(
              settings,
              await probeOperation(scenario.driver),
              (plan) => measureDriver(scenario.driver, plan),
              (plan) => log(`  driver: ${describePlan(plan)}`),
            )
            log(`  driver: ${summary(measured)}`)
            return measured
          })()
        : undefined
      const direct = variant('direct')
        ? await http('direct', {
            url: bench.contentReadUrl,
            paths: scenario.paths,
            headers: internal('viewer', site.readKeyId, 'GET', scenario.paths[0]!),
            uncached: true,
          })
        : undefined
      if (direct) log(`  direct: ${summary(direct)}`)
      const baselines = { ...(driver ? { driver } : {}), ...(direct ? { direct } : {}) }
      if (variant('cold')) {
        const cold = await http('cold', {
          url: bench.coldGatewayUrl,
          paths: scenario.paths,
          headers: readKey,
          uncached: true,
        })
        record(scenarioResult(`${scenario.name} (cold)`, cold, baselines), cold)
      }
      if (variant('warm')) {
        const load = { url: bench.gatewayUrl, paths: scenario.paths, headers: readKey }
        await visitEveryPath(load, settings.connections)
        const gatewayCpu = () => serviceCpuReading(bench.stack.services.metricsUrls.gateway)
        const gatewayBefore = await gatewayCpu()
        const warm = await http('warm', load)
        const gatewayMicros = cpuMicrosPerRequest(gatewayBefore, await gatewayCpu())
        const ceiling = await startKoaCeiling({
          redisUrl: bench.stack.backends.redis.url,
          answers: await answersOf(bench.gatewayUrl, scenario.paths, readKey),
        })
        const ceilingBefore = await ceiling.cpuReading()
        const bare = await http('ceiling', { url: ceiling.url, paths: scenario.paths })
        const ceilingMicros = cpuMicrosPerRequest(ceilingBefore, await ceiling.cpuReading())
        await ceiling.stop()
        log(
          `  ceiling: ${summary(bare)}; CPU per request: gateway ${gatewayMicros} µs, ceiling ${ceilingMicros} µs`,
        )
        record(
          {
            ...scenarioResult(`${scenario.name} (warm)`, warm, { ...baselines, ceiling: bare }),
            cpuMicrosPerRequest: { gateway: gatewayMicros, ceiling: ceilingMicros },
          },
          warm,
        )
      }
      if (variant('roles') && ROLE_SCENARIOS.includes(scenario.name)) {
        // The permission check's cost: the same warm reads with an owner key and a custom role's,
        // taken in turns (owner, custom, owner, custom) so that drift of the machine falls on both.
        const keys = { 'owner key': site.adminKey, 'custom role': site.roleKey }
        const served = { 'owner key': 0, 'custom role': 0 }
        for (const round of [1, 2]) {
          for (const [what, key] of Object.entries(keys) as [keyof typeof keys, string][]) {
            const load = {
              url: bench.gatewayUrl,
              paths: scenario.paths,
              headers: { 'x-api-key': key },
            }
            await visitEveryPath(load, settings.connections)
            const measured = await http(what, load)
            served[what] += measured.reqPerSec
            record(
              scenarioResult(`${scenario.name} (warm, ${what}, ${round})`, measured, baselines),
              measured,
            )
          }
        }
        log(`  custom role / owner: ${(served['custom role'] / served['owner key']).toFixed(2)}x`)
      }
      if (viewer && SESSION_SCENARIOS.includes(scenario.name)) {
        const comparison = await compareSessionToKey({
          scenario: scenario.name,
          paths: scenario.paths,
          gatewayUrl: bench.gatewayUrl,
          metricsUrls: bench.metricsUrls,
          redisUrl: bench.stack.backends.redis.url,
          keyHeaders: readKey,
          viewer,
          pairs: sessionPairs(),
          measure: async (what, round, load) => {
            await visitEveryPath(load, settings.connections)
            const measured = await http(what, load)
            record(
              scenarioResult(`${scenario.name} (warm, ${what}, ${round})`, measured, baselines),
              measured,
            )
            return measured.reqPerSec
          },
        })
        sessions.push(comparison)
        log(
          `  session / key: ${comparison.ratio.toFixed(2)}x, the median of ${comparison.pairRatios.join(', ')} (goal >= ${SESSION_RATIO_GOAL}); ` +
            `gateway storage commands per call: session ${comparison.sessionGatewayCommandsPerCall}, ` +
            `key ${comparison.keyGatewayCommandsPerCall}; Redis per call: ` +
            `session ${JSON.stringify(comparison.redisPerCall.session)}, ` +
            `key ${JSON.stringify(comparison.redisPerCall.key)}`,
        )
      }
      if (!variant('304') || !CONDITIONAL_SCENARIOS.includes(scenario.name)) continue

      const first = await fetch(`${bench.gatewayUrl}${scenario.paths[0]}`, { headers: readKey })
      await first.body?.cancel()
      const etag = first.headers.get('etag')
      if (etag && scenario.paths.length === 1) {
        const conditional = await measureHttp(
          {
            url: bench.gatewayUrl,
            paths: scenario.paths,
            headers: { ...readKey, 'if-none-match': etag },
            expect: (status) => status === 304,
          },
          timed,
        )
        record(
          scenarioResult(`${scenario.name} (If-None-Match -> 304)`, conditional, baselines),
          conditional,
        )
      }
    }

    const auditThroughput: AuditThroughput[] = []
    /**
     * The content writer with the audit log against the one without (docs/performance.md):
     * `method` and `path` name the operation, `requests` builds each round's.
     */
    const compareAudit = async (
      scenario: string,
      plan: LoadPlan,
      call: { method: string; path: string; requests: (round: number) => AutocannonRequest[] },
    ) =>
      auditThroughput.push(
        await measureAuditThroughput({
          scenario,
          plan,
          onUrl: bench.contentWriteUrl,
          offUrl: bench.auditOffWriteUrl,
          load: (url, round) => ({
            url,
            method: call.method,
            headers: writeHeaders(call.method, call.path),
            requests: call.requests(round),
          }),
          log,
        }),
      )
    /**
     * A write round starts once the relay has sent the events of the rounds before it: a round
     * that ran while it still did would pay for the earlier round's events (the first one of
     * create measured 115 req/s direct, the next ones 35-40, through the gateway or not).
     */
    const settled = async () => {
      if (!(await outboxDrained(db, 120_000))) log('  outbox still holds events after 120 s')
    }
    /**
     * Writes are planned like reads, by how long one takes on its own: up to three are tried, so
     * that one slow call (the first after the reads; a checkpoint) does not make the row a single
     * request (a run measured create at 21 req/s from one 47 ms call that way).
     */
    const writePlan = async (what: string, write: () => Promise<unknown>) => {
      let plan: LoadPlan | undefined
      for (let tried = 0; tried < 3 && plan?.kind !== 'timed'; tried++) {
        const started = performance.now()
        await write()
        plan = planLoad(settings, performance.now() - started)
      }
      log(`  ${what}: ${describePlan(plan!)}`)
      return plan!
    }
    if (selected('create')) {
      log('create ...')
      const createPlan = await writePlan('create', () =>
        site.api('POST', '/api/content', {
          body: { type: 'article', data: { title: 'bench probe' } },
        }),
      )
      await settled()
      const direct = await measureHttp(
        {
          url: bench.contentWriteUrl,
          method: 'POST',
          headers: writeHeaders('POST', '/api/content'),
          requests: createRequests('direct'),
        },
        createPlan,
      )
      log(`  direct: ${summary(direct)}`)
      await settled()
      const ours = await measureHttp(
        {
          url: bench.gatewayUrl,
          method: 'POST',
          headers: { ...json, 'x-api-key': site.adminKey },
          requests: createRequests('gateway'),
        },
        createPlan,
      )
      record(scenarioResult('create', ours, { direct }), ours)
      await settled()
      await compareAudit('create', createPlan, {
        method: 'POST',
        path: '/api/content',
        requests: (round) => createRequests(`audit-${round}`),
      })
    }
    if (selected('patch')) {
      log('PATCH with If-Match ...')
      const pool = (from: number) =>
        seeded.slice(from, from + 100).map((doc) => ({ id: doc.id, version: 2 }))
      const patchPlan = await writePlan('PATCH', () =>
        site.api('PATCH', `/api/content/${seeded[0]!.id}`, { body: { data: { views: 1 } } }),
      )
      // One pool for the direct rounds: its requests follow each document's version.
      const directPatches = patchRequests(pool(seeded.length - 200))
      await settled()
      const direct = await measureHttp(
        {
          url: bench.contentWriteUrl,
          method: 'PATCH',
          headers: writeHeaders('PATCH', `/api/content/${seeded[0]!.id}`),
          requests: directPatches,
        },
        patchPlan,
      )
      log(`  direct: ${summary(direct)}`)
      await settled()
      const ours = await measureHttp(
        {
          url: bench.gatewayUrl,
          method: 'PATCH',
          headers: { ...json, 'x-api-key': site.adminKey },
          requests: patchRequests(pool(seeded.length - 100)),
        },
        patchPlan,
      )
      record(scenarioResult('PATCH with If-Match', ours, { direct }), ours)
      await settled()
      await compareAudit('PATCH with If-Match', patchPlan, {
        method: 'PATCH',
        path: `/api/content/${seeded[0]!.id}`,
        requests: () => directPatches,
      })
    }
    if (selected('fan-out')) {
      // The earlier writes' events first: the fan-out times its own writes to their receipt.
      const drained = await outboxDrained(db, 300_000)
      log(`outbox ${drained ? 'drained' : 'still holds events after 300 s'}`)
      log(
        `webhook fan-out: ${settings.fanOutWrites} writes x ${settings.fanOutWebhooks} webhooks ...`,
      )
      const webhookCommands = async () => {
        const counts = await readCommandCounts([bench.stack.services.metricsUrls.webhook])
        return [...counts.values()].reduce((sum, count) => sum + count, 0)
      }
      const commandsBefore = await webhookCommands()
      const fanOut = await measureWebhookFanOut({
        api: site.api,
        writes: settings.fanOutWrites,
        webhooks: settings.fanOutWebhooks,
        connections: settings.connections,
        writeSeconds: settings.fanOutSeconds,
        drainTimeoutMs: 120_000,
      })
      const commandsPerDelivery =
        Math.round(
          (((await webhookCommands()) - commandsBefore) / Math.max(1, fanOut.deliveries)) * 100,
        ) / 100
      fanOut.statuses.webhookStorageCommandsPerDelivery = commandsPerDelivery
      log(
        `  writes: ${fanOut.writes} at ${fanOut.writesPerSec} per s; deliveries ${fanOut.deliveries}/${fanOut.expected}; webhook service storage commands per delivery ${commandsPerDelivery}`,
      )
      const hooks = settings.fanOutWebhooks
      const name = `webhook fan-out, ${fanOut.writes} writes x ${hooks} hooks (deliveries/s, write-to-receipt)`
      record(scenarioResult(name, fanOut), fanOut)
    }

    const media = selected('media')
      ? await measureMedia({
          gatewayUrl: bench.gatewayUrl,
          adminKey: site.adminKey,
          gatewayPid: bench.stack.services.processes.gateway.pid()!,
          log,
        })
      : undefined
    if (media) log(`media: ${JSON.stringify(media)}`)

    const pattern = selected('pattern') ? await measureHostilePattern(site.api) : undefined
    if (pattern) log(formatPatternBench(pattern))

    const bulk = selected('bulk')
      ? await measureBulk({
          api: site.api,
          metricsUrls: bench.metricsUrls,
          documents: Math.min(settings.documents, settings.bulkDocuments),
          drained: () => outboxDrained(db, 300_000),
          log,
        })
      : undefined
    if (bulk) log(formatBulkBench(bulk))

    // The earlier writes' events first, as for the fan-out: the stream times its own events.
    if (selected('change stream') && !(await outboxDrained(db, 300_000)))
      log('outbox still holds events after 300 s')
    const changeStream = selected('change stream')
      ? await measureChangeStream({
          gatewayUrl: bench.gatewayUrl,
          adminKey: site.adminKey,
          api: site.api,
          metricsUrls: bench.metricsUrls,
          streams: settings.streams,
          changes: settings.streamChanges,
          idleSeconds: settings.seconds,
          log,
        })
      : undefined
    if (changeStream) log(formatChangeStreamBench(changeStream))

    const throughVarnish = selected('varnish')
      ? await measureThroughVarnish({
          stack: bench.stack,
          gatewayUrl: bench.gatewayUrl,
          readKey: site.readKey,
          api: site.api,
          paths: readScenarios({ db, websiteId: site.websiteId, contentTypes: types, hot })
            .filter((scenario) => VARNISH_READ_MIX.includes(scenario.name))
            .flatMap((scenario) => scenario.paths),
          writeIds: hot.slice(0, 20).map((doc) => doc.id),
          connections: settings.connections,
          measure: http,
          log,
        })
      : undefined
    if (throughVarnish) log(formatVarnishBench(throughVarnish))

    const graphqlPage = selected('graphql')
      ? await measureGraphqlPage({
          coldGatewayUrl: bench.coldGatewayUrl,
          warmGatewayUrl: bench.gatewayUrl,
          readKey: site.readKey,
          metricsUrls: bench.metricsUrls,
          measure: http,
          log,
        })
      : undefined
    if (graphqlPage) log(formatGraphqlBench(graphqlPage))

    // Quorum against classic queues, each with a webhook service of its own on these servers.
    const fanOutQueues: QueueTypeResult[] = selected('queues')
      ? await benchFanOutQueues({ backends: bench.stack.backends, log })
      : []
    const report: BenchReport = {
      machine,
      date: new Date().toISOString(),
      scenarios: results,
      commands,
      fanOutQueues,
      ...(media ? { media } : {}),
      ...(pattern ? { pattern } : {}),
      ...(sessions.length > 0 ? { sessions } : {}),
      ...(sync ? { sync } : {}),
      ...(bulk ? { bulk } : {}),
      ...(changeStream ? { changeStream } : {}),
      ...(throughVarnish ? { varnish: throughVarnish } : {}),
      ...(graphqlPage ? { graphql: graphqlPage } : {}),
      ...(idle ? { idle } : {}),
      audit: { throughput: auditThroughput, commands: auditCommands(commands) },
    }
    writeReport(join(REPO_ROOT, 'bench', 'results', 'latest.json'), report)
    process.stdout.write(`\n${formatTable(report)}\n\n${formatCommandTable(commands)}\n\n`)
    process.stdout.write(`${formatAuditComparison(report.audit!)}\n\n`)
    if (media)
      process.stdout.write(
        `media: upload ${media.uploadMBPerSec} MB/s (20 MB file); 1200 px JPEG -> 400 px WebP p50 ${media.transformFirstP50Ms} ms first, ${media.transformCachedP50Ms} ms cached; gateway RSS ${media.gatewayRss.beforeMB} MB before, ${media.gatewayRss.peakMB} MB peak, ${media.gatewayRss.afterMB} MB after 20 concurrent 20 MB uploads\n`,
      )
    if (pattern) process.stdout.write(`${formatPatternBench(pattern)}\n`)
    if (sync) process.stdout.write(`${formatSyncBench(sync)}\n`)
    if (bulk) process.stdout.write(`${formatBulkBench(bulk)}\n`)
    if (changeStream) process.stdout.write(`${formatChangeStreamBench(changeStream)}\n`)
    if (throughVarnish) process.stdout.write(`${formatVarnishBench(throughVarnish)}\n`)
    if (graphqlPage) process.stdout.write(`${formatGraphqlBench(graphqlPage)}\n`)
    if (idle) process.stdout.write(`${formatIdleBench(idle)}\n`)
    for (const session of sessions)
      process.stdout.write(
        `${session.scenario}, warm, through a session / through a key: ${session.ratio}x (median of ${session.pairRatios.length} pairs; goal >= ${SESSION_RATIO_GOAL}); ` +
          `the gateway's storage commands per call: ${session.sessionGatewayCommandsPerCall} (session), ${session.keyGatewayCommandsPerCall} (key)\n`,
      )
    for (const queues of fanOutQueues)
      process.stdout.write(
        `webhook fan-out on ${queues.type} queues: ${queues.deliveriesPerSec} deliveries/s (${queues.deliveries}/${queues.expected} delivered)\n`,
      )
    if (changeStream && changeStream.missing > 0) {
      log(`change stream: ${changeStream.missing} receipts missing`)
      return 1
    }
    const overBudget = commands.filter((count) => !count.withinBudget)
    if (overBudget.length > 0) {
      log(`storage commands over budget: ${overBudget.map((c) => c.name).join(', ')}`)
      return 1
    }
    const failed = results.filter(
      (r) =>
        r.errors > 0 ||
        (r.baseline.driver?.errors ?? 0) > 0 ||
        (r.baseline.direct?.errors ?? 0) > 0,
    )
    const auditFailed = auditThroughput.filter((t) => t.errors > 0)
    if (auditFailed.length > 0) {
      log(
        `requests failed in the audit comparison: ${auditFailed.map((t) => t.scenario).join(', ')}`,
      )
      return 1
    }
    const undelivered = fanOutQueues.filter((queues) => queues.deliveries < queues.expected)
    if (undelivered.length > 0) {
      log(`deliveries missing on ${undelivered.map((queues) => queues.type).join(', ')} queues`)
      return 1
    }
    if (failed.length > 0) {
      log(`requests failed in: ${failed.map((r) => r.name).join(', ')}`)
      return 1
    }
    return 0
  } finally {
    await mongo.close()
    await bench.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`failed: ${(error as Error).stack ?? String(error)}`)
    process.exit(1)
  },
)
