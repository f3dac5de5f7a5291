export { provisionBackends } from './provision.ts'
export type { Backends, ProvisionOptions } from './provision.ts'
export type { Backend } from './backends/backend.ts'
export { IMAGES } from './backends/containers.ts'
export {
  entryFileOf,
  launchServices,
  newSecret,
  RUNTIMES,
  SERVICE_NAMES,
  serviceCommand,
  startableServiceCommand,
} from './services.ts'
export { buildServiceBundles, bundleFileOf, SERVICE_PACKAGES } from './service-bundles.ts'
export type { Command, LaunchOptions, Runtime, RunningServices, ServiceName } from './services.ts'
export { managedProcess, signalProcessGroup } from './managed-process.ts'
export type { ManagedProcess, ProcessExit, ProcessSpec } from './managed-process.ts'
export { DEFAULT_RESTART_POLICY, describeExit, supervise } from './supervisor.ts'
export type { RestartPolicy, SupervisedState, Supervisor, SupervisorOptions } from './supervisor.ts'
export { acquireDataFolderLock, LOCK_FILE_NAME, readLock } from './data-folder-lock.ts'
export type { DataFolderLock, LockRecord } from './data-folder-lock.ts'
export { identityOf, isAlive } from './process-identity.ts'
export type { ProcessIdentity } from './process-identity.ts'
export { endLeftovers } from './end-leftovers.ts'
export { portIsFree } from './port-check.ts'
export { storageKind } from './storage-kind.ts'
export type { StorageKind } from './storage-kind.ts'
export { logTail } from './log-tail.ts'
export { freePort } from './free-port.ts'
export { startFerretdb, startMongod } from './backends/ferretdb.ts'
export { CACHE_ROOT, DATA_ROOT, REPO_ROOT } from './paths.ts'
export { availableServices, startStack } from './stack.ts'
export type { Stack, StackOptions } from './stack.ts'
export { ensureCommand } from './system-packages.ts'
export { ensureGoTool, GO_TOOLS, goToolPath } from './go-tools.ts'
export type { GoToolName, GoToolOptions } from './go-tools.ts'
export { startVarnish } from './backends/varnish.ts'
export type { Varnish, VarnishOptions } from './backends/varnish.ts'
