import type { Component } from '../domain/components.ts'

/** The response shape: members in a stable order; unset optional members are left out. */
export function presentComponent(component: Component): Component {
  const { id, name, label, description, icon, fields, version, createdAt, updatedAt } = component
  return {
    id,
    name,
    label,
    ...(description === undefined ? {} : { description }),
    ...(icon === undefined ? {} : { icon }),
    fields,
    version,
    createdAt,
    updatedAt,
  }
}
