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
} from './services.ts'
export type { LaunchOptions, Runtime, RunningServices, ServiceName } from './services.ts'
export { managedProcess } from './managed-process.ts'
export type { ManagedProcess, ProcessSpec } from './managed-process.ts'
export { freePort } from './free-port.ts'
export { CACHE_ROOT, DATA_ROOT, REPO_ROOT } from './paths.ts'
export { availableServices, startStack } from './stack.ts'
export type { Stack, StackOptions } from './stack.ts'
