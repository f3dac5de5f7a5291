export { start } from './main.ts'
export type { GatewayStartOptions, RunningGateway } from './main.ts'
export { gatewayConfigSpec, readGatewayConfig } from './config.ts'
export type { GatewayConfig } from './config.ts'
