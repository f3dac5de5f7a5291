import type { CmsAdminClient } from '@cms/client'
import type { FieldDefinition } from '../api/admin-resources.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { TableRegion } from '../ui/table-region.tsx'
import { useResource } from '../ui/use-resource.ts'

/** `title (text, required)`; a relation names its target: `tags (relation to tag, many)`. */
function describeField(field: FieldDefinition): string {
  const type =
    field.type === 'relation' && field.target
      ? `relation to ${field.target}${field.many ? ', many' : ''}`
      : field.type
  return `${field.name} (${type}${field.required ? ', required' : ''})`
}

export function ContentTypesView({ api, websiteId }: { api: CmsAdminClient; websiteId: string }) {
  const types = useResource(
    () => api.websites.contentTypes(websiteId).then(({ docs }) => docs),
    [api, websiteId],
  )
  return (
    <div class="stack-large">
      <h2>Content types</h2>
      <p class="muted">Read-only: content types are changed through the API with an admin key.</p>
      <ErrorMessage error={types.error} />
      {!types.data && types.loading && (
        <p class="muted" role="status">
          Loading content types…
        </p>
      )}
      {types.data?.length === 0 && <p class="muted">This website has no content types yet.</p>}
      {types.data && types.data.length > 0 && (
        <TableRegion label="Content types">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Label</th>
                <th scope="col">Fields</th>
                <th scope="col">Slug from</th>
              </tr>
            </thead>
            <tbody>
              {types.data.map((type) => (
                <tr key={type.name}>
                  <th scope="row">
                    <code>{type.name}</code>
                  </th>
                  <td>{type.label ?? type.name}</td>
                  <td>
                    {type.fields.length === 0 ? (
                      '—'
                    ) : (
                      <ul class="plain-list">
                        {type.fields.map((field) => (
                          <li key={field.name}>{describeField(field)}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>{type.slugField ?? type.titleField ?? 'id'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </div>
  )
}
