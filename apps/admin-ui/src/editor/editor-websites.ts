import type { CmsAdminClient } from '@cms/client'
import type { PanelSession } from '../session/use-session.ts'
import { useResource } from '../ui/use-resource.ts'
import type { Resource } from '../ui/use-resource.ts'

/** A website the person may open in the editor, with their role there. */
export interface EditorWebsite {
  id: string
  label: string
  role: string
}

/**
 * The person's memberships; an operator may open every website (as its owner), named by the
 * admin API. A membership carries no website name, so a member sees the website's id.
 */
export function useEditorWebsites(
  signedIn: PanelSession,
  admin: CmsAdminClient | undefined,
): Resource<EditorWebsite[]> {
  return useResource(async () => {
    if (admin) {
      const { docs } = await admin.websites.list()
      return docs.map((website) => ({ id: website.id, label: website.name, role: 'owner' }))
    }
    return signedIn.current.person.memberships.map((membership) => ({
      id: membership.websiteId,
      label: `Website ${membership.websiteId.slice(0, 8)}`,
      role: membership.role,
    }))
  }, [signedIn, admin])
}

const CHOICE = 'cms-editor-website'

/** The website chosen last in this tab (an id, nothing secret), so a reload keeps it. */
export const websiteChoice = {
  read(): string | undefined {
    try {
      return sessionStorage.getItem(CHOICE) ?? undefined
    } catch {
      return undefined
    }
  },
  write(id: string): void {
    try {
      sessionStorage.setItem(CHOICE, id)
    } catch {
      // Storage refused: the choice holds for this page only.
    }
  },
}
