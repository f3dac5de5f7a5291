import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import { FIELD_OPTION_TYPES, FIELD_TYPES, MAX_FIELDS } from '@cms/content-model'
import {
  checkContentTypeDefinition,
  parseContentTypeDefinition,
} from './content-type-definition.ts'

const text = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'text',
  ...extra,
})
const problemsOf = (input: unknown) => checkContentTypeDefinition(input).problems

describe('parseContentTypeDefinition', () => {
  it('when only a name is sent, then label defaults to the name and fields to []', () => {
    expect(parseContentTypeDefinition({ name: 'article' })).toEqual({
      name: 'article',
      label: 'article',
      fields: [],
    })
  })

  it('when null is sent for optional members, then they count as not set', () => {
    const definition = parseContentTypeDefinition({
      name: 'page',
      label: null,
      description: null,
      icon: null,
      slugField: null,
      titleField: null,
      fields: null,
    })
    expect(definition).toEqual({ name: 'page', label: 'page', fields: [] })
  })

  it('when a full definition is sent, then it comes back with field defaults filled in', () => {
    const definition = parseContentTypeDefinition({
      name: 'blog-post_2',
      label: 'Blog post',
      description: 'Long form\nwriting',
      icon: 'file-text',
      slugField: 'title',
      titleField: 'title',
      fields: [
        { name: 'title', label: 'Title', type: 'text', required: true, maxLength: 120 },
        { name: 'rating', type: 'integer', min: 1, max: 5 },
        { name: 'kind', type: 'select', options: ['news', 'opinion'] },
      ],
    })
    expect(definition).toEqual({
      name: 'blog-post_2',
      label: 'Blog post',
      description: 'Long form\nwriting',
      icon: 'file-text',
      slugField: 'title',
      titleField: 'title',
      fields: [
        { name: 'title', label: 'Title', type: 'text', required: true, maxLength: 120 },
        { name: 'rating', label: 'rating', type: 'integer', required: false, min: 1, max: 5 },
        {
          name: 'kind',
          label: 'kind',
          type: 'select',
          required: false,
          options: ['news', 'opinion'],
        },
      ],
    })
  })

  it.each(FIELD_TYPES)('when a field has type %s, then it is accepted', (type) => {
    const required = {
      select: { options: ['a'] },
      relation: { target: 'x' },
      component: { component: 'seo' },
      blocks: { components: ['hero'] },
    } as const
    const field = { name: 'f', type, ...(required[type as keyof typeof required] ?? {}) }
    expect(parseContentTypeDefinition({ name: 'x', fields: [field] }).fields[0]?.type).toBe(type)
  })

  it('when the definition has problems, then one ValidationError lists all of them', () => {
    const error = (() => {
      try {
        parseContentTypeDefinition({ name: 'Bad', fields: [{ name: '1x', type: 'nope' }] })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).details).toEqual([
      { path: 'name', message: 'must match ^[a-z][a-z0-9_-]{0,63}$' },
      { path: 'fields[0].name', message: 'must match ^[A-Za-z_][A-Za-z0-9_]{0,63}$' },
      {
        path: 'fields[0].type',
        message: expect.stringContaining('must be one of: text, textarea'),
      },
    ])
  })
})

describe('checkContentTypeDefinition: the content type name', () => {
  it.each<[unknown, string | undefined]>([
    ['a', undefined],
    ['a'.repeat(64), undefined],
    ['news-item_2', undefined],
    ['a'.repeat(65), 'must match ^[a-z][a-z0-9_-]{0,63}$'],
    ['Article', 'must match ^[a-z][a-z0-9_-]{0,63}$'],
    ['1st', 'must match ^[a-z][a-z0-9_-]{0,63}$'],
    ['-a', 'must match ^[a-z][a-z0-9_-]{0,63}$'],
    ['a b', 'must match ^[a-z][a-z0-9_-]{0,63}$'],
    ['artícle', 'must match ^[a-z][a-z0-9_-]{0,63}$'],
    ['article\n', 'must match ^[a-z][a-z0-9_-]{0,63}$'],
    ['ａrticle', 'must match ^[a-z][a-z0-9_-]{0,63}$'],
    ['', 'must match ^[a-z][a-z0-9_-]{0,63}$'],
    ['x'.repeat(1_000_000), 'must match ^[a-z][a-z0-9_-]{0,63}$'],
    [undefined, 'is required'],
    [null, 'must be a string'],
    [42, 'must be a string'],
    [['article'], 'must be a string'],
    [{ name: 'article' }, 'must be a string'],
    [true, 'must be a string'],
  ])('when name is %j, then the problem is %j', (name, message) => {
    const problems = problemsOf({ name })
    expect(problems).toEqual(message ? [{ path: 'name', message }] : [])
  })
})

describe('checkContentTypeDefinition: members and free text', () => {
  it.each<[string, Record<string, unknown>, { path: string; message: string }[]]>([
    [
      'the body is an array',
      [] as unknown as Record<string, unknown>,
      [
        {
          path: '',
          message: 'must be an object',
        },
      ],
    ],
    [
      'an unknown member is sent',
      { name: 'a', colour: 'red' },
      [
        {
          path: 'colour',
          message: expect.stringContaining('is not accepted here (allowed: name, label'),
        },
      ],
    ],
    [
      'a read-only member is sent',
      { name: 'a', id: 'x', version: 3 },
      [
        { path: 'id', message: expect.stringContaining('is not accepted here') },
        { path: 'version', message: expect.stringContaining('is not accepted here') },
      ],
    ],
    [
      'an unknown member has an odd name',
      { name: 'a', 'we ird.key': 1 },
      [{ path: '["we ird.key"]', message: expect.stringContaining('is not accepted here') }],
    ],
    [
      'a __proto__ member is sent',
      JSON.parse('{"name":"a","__proto__":{"x":1}}'),
      [{ path: '__proto__', message: expect.stringContaining('is not accepted here') }],
    ],
    [
      'the label is a number',
      { name: 'a', label: 5 },
      [
        {
          path: 'label',
          message: 'must be a string or null',
        },
      ],
    ],
    [
      'the label is blank',
      { name: 'a', label: '  ' },
      [
        {
          path: 'label',
          message: 'must not be empty',
        },
      ],
    ],
    [
      'the label is very long',
      { name: 'a', label: 'é'.repeat(201) },
      [{ path: 'label', message: 'must be at most 200 characters' }],
    ],
    [
      'the label has a lone surrogate',
      { name: 'a', label: 'x\udc00' },
      [{ path: 'label', message: 'must be valid Unicode text (it contains a lone surrogate)' }],
    ],
    [
      'the label has a NUL',
      { name: 'a', label: 'x\u0000' },
      [{ path: 'label', message: 'must not contain control characters' }],
    ],
    [
      'the description is an object',
      { name: 'a', description: {} },
      [{ path: 'description', message: 'must be a string or null' }],
    ],
    [
      'the description is too long',
      { name: 'a', description: 'd'.repeat(2001) },
      [{ path: 'description', message: 'must be at most 2000 characters' }],
    ],
    [
      'the icon is empty',
      { name: 'a', icon: '' },
      [
        {
          path: 'icon',
          message: 'must not be empty',
        },
      ],
    ],
    [
      'fields is an object',
      { name: 'a', fields: { title: 'text' } },
      [{ path: 'fields', message: 'must be an array or null' }],
    ],
    [
      'fields has too many entries',
      {
        name: 'a',
        fields: Array.from({ length: MAX_FIELDS + 1 }, (_, i) => text(`f${i}`)),
      },
      [{ path: 'fields', message: `must have at most ${MAX_FIELDS} items` }],
    ],
  ])('when %s, then the problems are reported', (_, input, expected) => {
    expect(problemsOf(input)).toEqual(expected)
  })

  it('when labels use unusual but valid Unicode, then they are kept as sent', () => {
    const label = 'Ünïcödé 🎉 記事 مقالة ‮RTL‬ 👩‍💻'
    const definition = parseContentTypeDefinition({
      name: 'a',
      label,
      fields: [text('t', { label })],
    })
    expect(definition.label).toBe(label)
    expect(definition.fields[0]?.label).toBe(label)
  })
})

describe('checkContentTypeDefinition: field definitions', () => {
  it.each<[string, unknown, { path: string; message: string }[]]>([
    ['a field is a string', 'title', [{ path: 'fields[0]', message: 'must be an object' }]],
    ['a field is null', null, [{ path: 'fields[0]', message: 'must be an object' }]],
    ['a field has no name', { type: 'text' }, [{ path: 'fields[0].name', message: 'is required' }]],
    [
      'a field name is a number',
      { name: 7, type: 'text' },
      [
        {
          path: 'fields[0].name',
          message: 'must be a string',
        },
      ],
    ],
    [
      'a field name has a hyphen',
      text('first-name'),
      [{ path: 'fields[0].name', message: 'must match ^[A-Za-z_][A-Za-z0-9_]{0,63}$' }],
    ],
    [
      'a field name has a dot',
      text('a.b'),
      [
        {
          path: 'fields[0].name',
          message: expect.stringContaining('must match'),
        },
      ],
    ],
    [
      'a field name starts with $',
      text('$where'),
      [
        {
          path: 'fields[0].name',
          message: expect.stringContaining('must match'),
        },
      ],
    ],
    [
      'a field name is non-ASCII',
      text('título'),
      [
        {
          path: 'fields[0].name',
          message: expect.stringContaining('must match'),
        },
      ],
    ],
    [
      'a field name is 65 characters',
      text('f'.repeat(65)),
      [{ path: 'fields[0].name', message: expect.stringContaining('must match') }],
    ],
    [
      'a field name is __proto__',
      text('__proto__'),
      [{ path: 'fields[0].name', message: expect.stringContaining('is reserved') }],
    ],
    [
      'a field name is constructor',
      text('constructor'),
      [{ path: 'fields[0].name', message: expect.stringContaining('is reserved') }],
    ],
    ['a field has no type', { name: 'f' }, [{ path: 'fields[0].type', message: 'is required' }]],
    [
      'a field type is unknown',
      { name: 'f', type: 'string' },
      [{ path: 'fields[0].type', message: expect.stringContaining('must be one of') }],
    ],
    [
      'a field type has the wrong case',
      { name: 'f', type: 'richtext' },
      [{ path: 'fields[0].type', message: expect.stringContaining('must be one of') }],
    ],
    [
      'a field type is an array',
      { name: 'f', type: ['text'] },
      [{ path: 'fields[0].type', message: 'must be a string' }],
    ],
    [
      'required is a string',
      text('f', { required: 'yes' }),
      [{ path: 'fields[0].required', message: 'must be true or false or null' }],
    ],
    [
      'a field label is too long',
      text('f', { label: 'x'.repeat(5000) }),
      [{ path: 'fields[0].label', message: 'must be at most 200 characters' }],
    ],
    [
      'a field has an unknown member',
      text('f', { defaultValue: 'x' }),
      [
        {
          path: 'fields[0].defaultValue',
          message: expect.stringContaining('is not accepted here (allowed: name, label, type'),
        },
      ],
    ],
    [
      'a relation has no target',
      { name: 'author', type: 'relation' },
      [{ path: 'fields[0].target', message: 'is required for a relation field' }],
    ],
    [
      'a relation target is not a type name',
      { name: 'author', type: 'relation', target: 'Not A Name' },
      [{ path: 'fields[0].target', message: 'must match ^[a-z][a-z0-9_-]{0,63}$' }],
    ],
    [
      'a relation many is not a boolean',
      { name: 'tags', type: 'relation', target: 'tag', many: 'yes' },
      [{ path: 'fields[0].many', message: 'must be true or false or null' }],
    ],
    [
      'a text field has a target',
      { name: 'title', type: 'text', target: 'person' },
      [
        {
          path: 'fields[0].target',
          message: 'is not allowed for a text field (only relation)',
        },
      ],
    ],
    [
      'a select has no options',
      { name: 'f', type: 'select' },
      [{ path: 'fields[0].options', message: 'is required for a select field' }],
    ],
    [
      'a select has empty options',
      { name: 'f', type: 'select', options: [] },
      [{ path: 'fields[0].options', message: 'must have at least 1 item' }],
    ],
    [
      'select options are a string',
      { name: 'f', type: 'select', options: 'a,b' },
      [{ path: 'fields[0].options', message: 'must be an array or null' }],
    ],
    [
      'a select option is a number',
      { name: 'f', type: 'select', options: ['a', 2] },
      [{ path: 'fields[0].options[1]', message: 'must be a string' }],
    ],
    [
      'select options repeat',
      { name: 'f', type: 'select', options: ['a', 'b', 'a'] },
      [
        {
          path: 'fields[0].options',
          message: 'must not repeat an item (items 0 and 2 are the same)',
        },
      ],
    ],
    [
      'a select option is empty',
      { name: 'f', type: 'select', options: [''] },
      [{ path: 'fields[0].options[0]', message: 'must not be empty' }],
    ],
    [
      'a select option is very long',
      { name: 'f', type: 'select', options: ['o'.repeat(201)] },
      [{ path: 'fields[0].options[0]', message: 'must be at most 200 characters' }],
    ],
    [
      'a select option has a lone surrogate',
      { name: 'f', type: 'select', options: ['\ud83d'] },
      [
        {
          path: 'fields[0].options[0]',
          message: 'must be valid Unicode text (it contains a lone surrogate)',
        },
      ],
    ],
    [
      'a select has too many options',
      {
        name: 'f',
        type: 'select',
        options: Array.from({ length: 501 }, (_, i) => `o${i}`),
      },
      [{ path: 'fields[0].options', message: 'must have at most 500 items' }],
    ],
    [
      'a text field has options',
      text('f', { options: ['a'] }),
      [{ path: 'fields[0].options', message: 'is not allowed for a text field (only select)' }],
    ],
    [
      'a number field has maxLength',
      { name: 'f', type: 'number', maxLength: 3 },
      [
        {
          path: 'fields[0].maxLength',
          message: 'is not allowed for a number field (only text, textarea)',
        },
      ],
    ],
    [
      'a text field has min',
      text('f', { min: 1 }),
      [
        {
          path: 'fields[0].min',
          message: `is not allowed for a text field (only ${FIELD_OPTION_TYPES.min.join(', ')})`,
        },
      ],
    ],
    [
      'maxLength is zero',
      text('f', { maxLength: 0 }),
      [{ path: 'fields[0].maxLength', message: 'must be at least 1' }],
    ],
    [
      'maxLength is a string',
      text('f', { maxLength: '10' }),
      [{ path: 'fields[0].maxLength', message: 'must be an integer or null' }],
    ],
    [
      'min is a string',
      { name: 'f', type: 'number', min: '1' },
      [{ path: 'fields[0].min', message: 'must be a number or null' }],
    ],
    [
      'an integer bound is fractional',
      { name: 'f', type: 'integer', max: 1.5 },
      [{ path: 'fields[0].max', message: 'must be a safe integer for an integer field' }],
    ],
    [
      'min is greater than max',
      { name: 'f', type: 'number', min: 2, max: 1 },
      [{ path: 'fields[0].min', message: 'must not be greater than max' }],
    ],
  ])('when %s, then the problem is reported', (_, field, expected) => {
    expect(problemsOf({ name: 'a', fields: [field] })).toEqual(expected)
  })

  it('when select options use unusual Unicode, then they are kept as sent', () => {
    const options = ['café', 'Ⅻ', '🙂', 'e\u0301', 'é']
    const definition = parseContentTypeDefinition({
      name: 'a',
      fields: [{ name: 'f', type: 'select', options }],
    })
    expect(definition.fields[0]?.options).toEqual(options)
  })

  it('when two fields share a name, then the later one is reported', () => {
    expect(problemsOf({ name: 'a', fields: [text('title'), text('body'), text('title')] })).toEqual(
      [{ path: 'fields[2].name', message: 'duplicates fields[0].name' }],
    )
  })

  it('when field names differ only in case, then both are accepted', () => {
    expect(problemsOf({ name: 'a', fields: [text('title'), text('Title')] })).toEqual([])
  })

  it('when several fields have problems, then every one is reported', () => {
    const problems = problemsOf({
      name: 'a',
      fields: [{ name: 'x' }, 5, text('x'), { name: 'y', type: 'select' }],
    })
    expect(problems.map((problem) => problem.path).sort()).toEqual([
      'fields[0].type',
      'fields[1]',
      'fields[2].name',
      'fields[3].options',
    ])
  })
})

describe('checkContentTypeDefinition: slugField and titleField', () => {
  const fields = [
    text('title'),
    { name: 'summary', type: 'textarea' },
    { name: 'body', type: 'richText' },
    { name: 'count', type: 'integer' },
  ]

  it.each(['slugField', 'titleField'])(
    'when %s names a text or textarea field, then it is accepted',
    (member) => {
      expect(problemsOf({ name: 'a', fields, [member]: 'title' })).toEqual([])
      expect(problemsOf({ name: 'a', fields, [member]: 'summary' })).toEqual([])
    },
  )

  it.each<[string, unknown, string]>([
    ['slugField', 'body', 'must name a text or textarea field; body is of type richText'],
    ['titleField', 'count', 'must name a text or textarea field; count is of type integer'],
    ['slugField', 'missing', 'must name a field of this content type; there is no field "missing"'],
    ['titleField', 'Title', 'must name a field of this content type; there is no field "Title"'],
    ['slugField', 5, 'must be a string or null'],
    ['titleField', ['title'], 'must be a string or null'],
  ])('when %s is %j, then it is refused', (member, value, message) => {
    expect(problemsOf({ name: 'a', fields, [member]: value })).toEqual([{ path: member, message }])
  })

  it('when slugField is set and there are no fields, then it is refused', () => {
    expect(problemsOf({ name: 'a', slugField: 'title' })).toEqual([
      {
        path: 'slugField',
        message: 'must name a field of this content type; there is no field "title"',
      },
    ])
  })
})
