import type { ContentType, DocumentData } from '@cms/client'
import { resolvedFields } from '../editor-site.ts'
import type { EditorSite } from '../editor-site.ts'
import { FieldRow } from '../fields/field-row.tsx'
import type { SortedProblems } from './field-problems.ts'
import { placeProblems, shownPaths } from './problem-places.ts'
import type { PlacedProblems } from './problem-places.ts'

/** The API's problems over the inputs of a document's form, as its values are now. */
export function placedProblems(
  site: EditorSite,
  type: ContentType,
  values: DocumentData,
  problems: SortedProblems,
): PlacedProblems {
  return placeProblems(problems, shownPaths(resolvedFields(site, type), values))
}

/** One row per field of the type (components resolved), each showing its problems. */
export function DocumentFields({
  site,
  type,
  values,
  placed,
  onEdit,
}: {
  site: EditorSite
  type: ContentType
  values: DocumentData
  placed: PlacedProblems
  onEdit: (name: string, value: unknown) => void
}) {
  return (
    <>
      {resolvedFields(site, type).map((field) => (
        <FieldRow
          key={field.name}
          field={field}
          path={field.name}
          value={values[field.name]}
          onChange={(value) => onEdit(field.name, value)}
          site={site}
          problemsAt={placed.at}
          localized={type.localized === true && field.localized !== false}
        />
      ))}
    </>
  )
}
