import type { ComponentChildren } from 'preact'

/** Lets a wide table scroll sideways on a narrow screen, reachable and scrollable by keyboard. */
export function TableRegion({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
