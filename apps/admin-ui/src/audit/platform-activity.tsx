import type { CmsAdminClient } from '@cms/client'
import { TopBar } from '../app/top-bar.tsx'
import type { PanelSession } from '../session/use-session.ts'
import { hashHref } from '../ui/hash-href.ts'
import { AuditLog } from './audit-log.tsx'
import { readAuditFilters, writeAuditFilters } from './audit-filters.ts'

/**
 * `#/activity` (operators): the platform's chain, what belongs to no website: sign-ins and
 * refused ones, people, invitations, websites created and deleted.
 */
export function PlatformActivity({
  signedIn,
  api,
  query,
}: {
  signedIn: PanelSession
  api: CmsAdminClient
  query: URLSearchParams
}) {
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar brand="CMS admin" signedIn={signedIn} current="activity" />
      <main class="detail stack-large" id="main" tabIndex={-1}>
        <h1>Platform activity</h1>
        <p class="muted">
          Sign-ins and refused sign-ins, people, invitations and websites, newest first. A website's
          own changes are in its Activity tab.
        </p>
        <AuditLog
          label="Platform activity"
          source="platform"
          filters={readAuditFilters(query)}
          load={(auditQuery) => api.audit.list({ ...auditQuery, chain: 'platform' })}
          hrefOf={(filters) => hashHref('#/activity', writeAuditFilters(filters))}
        />
      </main>
    </>
  )
}
