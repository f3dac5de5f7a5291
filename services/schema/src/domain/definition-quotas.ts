import { definitionSize } from '@cms/content-model'
import type { ContentTypeDefinition, DefinitionSize } from '@cms/content-model'
import { quotaExceeded } from '@cms/http'
import type { QuotaName, WebsiteQuotas } from '@cms/http'

const MEASURES: ReadonlyArray<[QuotaName, keyof DefinitionSize]> = [
  ['fieldsPerType', 'fields'],
  ['optionsPerField', 'options'],
  ['definitionBytes', 'bytes'],
]

/**
 * Refuses (422, nothing written) a definition past one of the website's size quotas. With
 * `previous` (a PATCH), a measure already past a quota that was lowered later is refused only
 * when the change makes it larger, so an oversized type can still be relabelled or trimmed.
 */
export function assertDefinitionWithinQuotas(
  definition: ContentTypeDefinition,
  quotas: WebsiteQuotas,
  previous?: ContentTypeDefinition,
): void {
  const size = definitionSize(definition)
  const before = previous ? definitionSize(previous) : undefined
  for (const [quota, measure] of MEASURES) {
    const limit = quotas[quota]
    const grew = before === undefined || size[measure] > before[measure]
    if (size[measure] > limit && grew) throw quotaExceeded(quota, limit, size[measure])
  }
}
