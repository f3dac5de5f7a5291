import type { CmsAdminClient } from '@cms/client'
import type { Website } from '../api/admin-resources.ts'
import type { WebsiteTab } from '../app/hash-route.ts'
import { ContentTypesView } from '../content/content-types-view.tsx'
import { DocumentsView } from '../content/documents-view.tsx'
import { KeysView } from '../keys/keys-view.tsx'
import { MediaView } from '../media/media-view.tsx'
import { RolesView } from '../roles/roles-view.tsx'
import { WebhooksView } from '../webhooks/webhooks-view.tsx'
import { WebsiteChain } from '../audit/website-chain.tsx'
import { formatDateTime } from '../ui/format.ts'
import { QuotasView } from './quotas-view.tsx'
import { WebsiteActions } from './website-actions.tsx'
import { WebsiteTabs } from './website-tabs.tsx'

export interface WebsitePanelProps {
  api: CmsAdminClient
  website: Website
  tab: WebsiteTab
  /** The tab's own settings from the hash (the activity's filters). */
  query: URLSearchParams
  onChanged: () => void
  onDeleted: () => void
}

export function WebsitePanel({
  api,
  website,
  tab,
  query,
  onChanged,
  onDeleted,
}: WebsitePanelProps) {
  return (
    <article class="website" aria-labelledby="website-name">
      <header class="website-header">
        <div>
          <h1 id="website-name">{website.name}</h1>
          <p class="muted">
            Website <code>{website.id}</code> · created {formatDateTime(website.createdAt)}
          </p>
        </div>
        <WebsiteActions api={api} website={website} onRenamed={onChanged} onDeleted={onDeleted} />
      </header>
      <WebsiteTabs websiteId={website.id} current={tab} />
      <section class="tab-panel" aria-labelledby={`tab-${tab}`}>
        {tab === 'keys' && <KeysView api={api} websiteId={website.id} />}
        {tab === 'roles' && <RolesView api={api} websiteId={website.id} />}
        {tab === 'content-types' && <ContentTypesView api={api} websiteId={website.id} />}
        {tab === 'documents' && <DocumentsView api={api} websiteId={website.id} />}
        {tab === 'media' && <MediaView api={api} websiteId={website.id} />}
        {tab === 'webhooks' && <WebhooksView api={api} websiteId={website.id} />}
        {tab === 'quotas' && <QuotasView api={api} websiteId={website.id} />}
        {tab === 'activity' && <WebsiteChain api={api} websiteId={website.id} query={query} />}
      </section>
    </article>
  )
}
