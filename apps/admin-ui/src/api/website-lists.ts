import type { CmsAdminClient } from '@cms/client'
import type { Role } from './admin-resources.ts'
import { useResource } from '../ui/use-resource.ts'
import type { Resource } from '../ui/use-resource.ts'

/** The names of a website's content types, which keys and roles are restricted to. */
export const useTypeNames = (api: CmsAdminClient, websiteId: string): Resource<string[]> =>
  useResource(
    () => api.websites.contentTypes(websiteId).then(({ docs }) => docs.map((type) => type.name)),
    [api, websiteId],
  )

/** A website's roles: the built-in ones first, then its own. */
export const useRoles = (api: CmsAdminClient, websiteId: string): Resource<Role[]> =>
  useResource(() => api.roles.list(websiteId).then(({ docs }) => docs), [api, websiteId])
