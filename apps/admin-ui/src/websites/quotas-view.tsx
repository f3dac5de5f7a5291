import { useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import type { QuotaLine } from '../api/admin-resources.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { TableRegion } from '../ui/table-region.tsx'
import { useResource } from '../ui/use-resource.ts'

const LABELS: Record<string, string> = {
  webhooks: 'Webhooks',
  contentTypes: 'Content types',
  fieldsPerType: 'Fields per content type',
  optionsPerField: 'Options per select field',
  definitionBytes: 'Bytes per content type definition',
  locales: 'Locales',
  mediaBytes: 'Bytes of media',
  changeStreams: 'Open change streams',
}

/** The quotas measured on one content type: their usage is the largest type's. */
const PER_TYPE = new Set(['fieldsPerType', 'optionsPerField', 'definitionBytes'])
const SIZE_NOTE = 'largest content type'

function QuotaRow(props: {
  name: string
  line: QuotaLine
  busy: boolean
  onChange: (value: number | null) => void
}) {
  const { name, line, busy, onChange } = props
  const [value, setValue] = useState(String(line.limit))
  const label = LABELS[name] ?? name
  const perType = PER_TYPE.has(name)
  const submit = (event: Event) => {
    event.preventDefault()
    onChange(Number(value))
  }
  return (
    <tr>
      <th scope="row">{label}</th>
      <td class="nowrap">
        {line.usage ?? '?'} of {line.limit}
        {perType && <span class="muted"> ({SIZE_NOTE})</span>}
      </td>
      <td class="nowrap">
        {line.override === null ? 'default' : `override (default ${line.default})`}
      </td>
      <td>
        <form class="inline-form" onSubmit={submit}>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            required
            aria-label={`Limit for ${label.toLowerCase()}`}
            value={value}
            onInput={(event) => setValue(event.currentTarget.value)}
          />
          <button type="submit" class="button button-small" disabled={busy}>
            Set
          </button>
          {line.override !== null && (
            <button
              type="button"
              class="button button-small"
              disabled={busy}
              aria-label={`Reset ${label.toLowerCase()} to the default`}
              onClick={() => onChange(null)}
            >
              Reset
            </button>
          )}
        </form>
      </td>
    </tr>
  )
}

/** What the website uses against each quota; the operator overrides a quota or resets it. */
export function QuotasView({ api, websiteId }: { api: CmsAdminClient; websiteId: string }) {
  const report = useResource(() => api.quotas.get(websiteId), [api, websiteId])
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  const change = async (name: string, value: number | null) => {
    setBusy(true)
    setError(undefined)
    try {
      await api.quotas.change(websiteId, { [name]: value })
      report.reload()
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div class="stack-large">
      <h2>Quotas</h2>
      <p class="muted">
        What this website may hold. A change past a quota is refused and nothing is written.
      </p>
      <ErrorMessage error={error ?? report.error} />
      {report.data && (
        <TableRegion label="Quotas">
          <table>
            <thead>
              <tr>
                <th scope="col">Quota</th>
                <th scope="col">Usage</th>
                <th scope="col">Source</th>
                <th scope="col">Limit</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(report.data.quotas).map(([name, line]) => (
                <QuotaRow
                  key={`${name}:${line.limit}:${line.override}`}
                  name={name}
                  line={line}
                  busy={busy}
                  onChange={(value) => void change(name, value)}
                />
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {!report.data && report.loading && (
        <p class="muted" role="status">
          Loading quotas…
        </p>
      )}
    </div>
  )
}
