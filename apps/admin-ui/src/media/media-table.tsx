import type { MediaFile } from '../api/admin-resources.ts'
import { formatBytes, formatDateTime } from '../ui/format.ts'
import { TableRegion } from '../ui/table-region.tsx'

/** Raster images have a width; only they can be resized into a thumbnail. */
const hasThumbnail = (file: MediaFile): boolean =>
  file.width !== null && file.mimeType.startsWith('image/') && file.mimeType !== 'image/svg+xml'

/** A 160 px wide variant from the public asset URL (same origin, so the CSP's img-src allows it). */
export const thumbnailUrl = (file: MediaFile): string => `${file.url}?w=160`

export function MediaTable({
  files,
  onEdit,
  onDelete,
}: {
  files: MediaFile[]
  onEdit: (file: MediaFile) => void
  onDelete: (file: MediaFile) => void
}) {
  return (
    <TableRegion label="Media files">
      <table>
        <thead>
          <tr>
            <th scope="col">Preview</th>
            <th scope="col">File name</th>
            <th scope="col">Type</th>
            <th scope="col">Size</th>
            <th scope="col">Dimensions</th>
            <th scope="col">Uploaded</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <tr key={file.id}>
              <td>
                {hasThumbnail(file) ? (
                  <a href={file.url} target="_blank" rel="noopener noreferrer">
                    <img
                      class="thumbnail"
                      src={thumbnailUrl(file)}
                      alt={file.alt ?? `Preview of ${file.filename}`}
                      loading="lazy"
                    />
                  </a>
                ) : (
                  <span class="muted">—</span>
                )}
              </td>
              <th scope="row" class="break">
                <a href={file.url} target="_blank" rel="noopener noreferrer">
                  {file.filename}
                </a>
                {file.alt && <p class="hint">Alt: {file.alt}</p>}
                {file.caption && <p class="hint">Caption: {file.caption}</p>}
              </th>
              <td class="nowrap">
                <code>{file.mimeType}</code>
              </td>
              <td class="nowrap">{formatBytes(file.size)}</td>
              <td class="nowrap">
                {file.width !== null && file.height !== null
                  ? `${file.width} × ${file.height}`
                  : '—'}
              </td>
              <td class="nowrap">{formatDateTime(file.createdAt)}</td>
              <td>
                <div class="actions">
                  <button
                    type="button"
                    class="button button-small"
                    aria-label={`Edit alt text and caption of ${file.filename}`}
                    onClick={() => onEdit(file)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    class="button button-small button-danger"
                    aria-label={`Delete ${file.filename}`}
                    onClick={() => onDelete(file)}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  )
}
