import { describe, expect, it } from 'vitest'
import { CmsApiError } from '@cms/client'
import type { ContentType } from '@cms/client'
import { fieldDraftsOf, fieldOf, newField, problemsByPlace } from './type-draft.ts'

const sent = (draft: Partial<ReturnType<typeof newField>>) =>
  fieldOf({ ...newField(), name: 'f', ...draft }, false)

describe("the type builder's fields as sent", () => {
  it('when a field of each structured kind is read and sent back, then it is the definition as written', () => {
    const fields: ContentType['fields'] = [
      {
        name: 'code',
        label: 'Code',
        type: 'text',
        required: true,
        pattern: '^[A-Z]{3}$',
        patternMessage: 'three capitals',
        unique: true,
      },
      { name: 'seo', label: 'SEO', type: 'component', required: false, component: 'seo' },
      {
        name: 'links',
        label: 'Links',
        type: 'component',
        required: false,
        component: 'link',
        repeatable: true,
        min: 1,
        max: 3,
      },
      {
        name: 'sections',
        label: 'Sections',
        type: 'blocks',
        required: false,
        components: ['hero', 'quote'],
        max: 5,
      },
      { name: 'rank', label: 'Rank', type: 'integer', required: false, unique: true, min: 0 },
    ]
    expect(fieldDraftsOf(fields).map((draft) => fieldOf(draft, false))).toEqual(fields)
  })

  it('when a draft holds settings its type does not take, then they are left out', () => {
    expect(sent({ type: 'number', pattern: 'x', patternMessage: 'm', unique: false })).toEqual({
      name: 'f',
      type: 'number',
      required: false,
    })
    expect(sent({ type: 'component', component: 'seo', min: '1', max: '2' })).toEqual({
      name: 'f',
      type: 'component',
      required: false,
      component: 'seo',
    })
    expect(sent({ type: 'boolean', unique: true, components: ['hero'] })).toEqual({
      name: 'f',
      type: 'boolean',
      required: false,
    })
    expect(sent({ type: 'text', pattern: '', patternMessage: 'alone' })).toEqual({
      name: 'f',
      type: 'text',
      required: false,
    })
  })

  it("when the API names a blocks field's component, then the problem is shown at that field's components", () => {
    const error = new CmsApiError({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'The content type definition is invalid',
      details: [
        { path: 'fields[2].components[1]', message: 'names no component of this website: "x"' },
        { path: 'fields[1].component', message: 'makes a cycle: a > a' },
      ],
    })
    const { at } = problemsByPlace(error)
    expect(at.get('fields.2.components')).toEqual(['names no component of this website: "x"'])
    expect(at.get('fields.1.component')).toEqual(['makes a cycle: a > a'])
  })
})
