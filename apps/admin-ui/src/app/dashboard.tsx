import type { CmsAdminClient } from '@cms/client'
import { useResource } from '../ui/use-resource.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { WebsiteList } from '../websites/website-list.tsx'
import { WebsitePanel } from '../websites/website-panel.tsx'
import type { PanelSession } from '../session/use-session.ts'
import { routeHref, useHashRoute } from './hash-route.ts'
import { TopBar } from './top-bar.tsx'

export function Dashboard({ api, signedIn }: { api: CmsAdminClient; signedIn: PanelSession }) {
  const route = useHashRoute()
  const websites = useResource(() => api.websites.list().then(({ docs }) => docs), [api])
  const selected = websites.data?.find((website) => website.id === route.websiteId)
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar brand="CMS admin" signedIn={signedIn} current="websites" />
      <div class="layout">
        <WebsiteList
          api={api}
          websites={websites.data ?? []}
          loading={websites.loading}
          selectedId={route.websiteId}
          onCreated={(website) => {
            websites.reload()
            location.hash = routeHref({ websiteId: website.id, tab: 'keys' })
          }}
        />
        <main class="detail" id="main" tabIndex={-1}>
          <ErrorMessage error={websites.error} />
          {selected ? (
            <WebsitePanel
              key={selected.id}
              api={api}
              website={selected}
              tab={route.tab}
              query={route.query ?? new URLSearchParams()}
              onChanged={websites.reload}
              onDeleted={() => {
                websites.reload()
                location.hash = routeHref({ tab: 'keys' })
              }}
            />
          ) : (
            <NothingSelected missing={Boolean(route.websiteId) && !websites.loading} />
          )}
        </main>
      </div>
    </>
  )
}

function NothingSelected({ missing }: { missing: boolean }) {
  return (
    <section class="empty-state">
      <h1>{missing ? 'Website not found' : 'Websites'}</h1>
      <p class="muted">
        {missing
          ? 'It may have been deleted. Choose another website from the list.'
          : 'Choose a website from the list, or create one, to manage its API keys and see its content.'}
      </p>
    </section>
  )
}
