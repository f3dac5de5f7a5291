/**
 * Set once the process has been told to stop (SIGTERM): from then on `/readyz` answers 503
 * while requests are still served, so a load balancer that polls readiness takes the instance
 * out before it stops taking connections (`runService`, SHUTDOWN_DELAY_MS).
 */
let draining = false

export function markProcessDraining(): void {
  draining = true
}

export function processIsDraining(): boolean {
  return draining
}
