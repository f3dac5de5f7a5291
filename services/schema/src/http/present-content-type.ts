import type { ContentType } from '@cms/content-model'

/** The response shape: members in a stable order; unset optional members are left out. */
export function presentContentType(type: ContentType): ContentType {
  const {
    id,
    name,
    label,
    description,
    slugField,
    titleField,
    icon,
    localized,
    fields,
    version,
    createdAt,
    updatedAt,
  } = type
  return {
    id,
    name,
    label,
    ...(description === undefined ? {} : { description }),
    ...(slugField === undefined ? {} : { slugField }),
    ...(titleField === undefined ? {} : { titleField }),
    ...(icon === undefined ? {} : { icon }),
    ...(localized === undefined ? {} : { localized }),
    fields,
    version,
    createdAt,
    updatedAt,
  }
}
