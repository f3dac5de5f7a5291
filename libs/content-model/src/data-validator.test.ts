import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import type { FieldDefinition, FieldType } from './content-type.ts'
import { assertValidData, dataValidatorFor } from './data-validator.ts'

const field = (type: FieldType, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  name: 'value',
  label: 'Value',
  type,
  required: false,
  ...extra,
})
const problemsFor = (definition: FieldDefinition, data: unknown) =>
  dataValidatorFor({ name: 'thing', fields: [definition] }).validate(data)

const OK = [] as const
const shape = (message: string) => [{ path: 'data.value', message }]

describe('dataValidatorFor: value shapes', () => {
  it.each<[FieldDefinition, unknown, readonly { path: string; message: string }[]]>([
    [field('text'), 'hello', OK],
    [field('text'), '日本語 🎉 e\u0301', OK],
    [field('text'), 'x'.repeat(500_000), OK],
    [field('text'), 5, shape('must be a string')],
    [field('text'), ['a'], shape('must be a string')],
    [field('text'), { a: 1 }, shape('must be a string')],
    [field('text'), true, shape('must be a string')],
    [field('text', { maxLength: 3 }), '😀😀😀', OK],
    [field('text', { maxLength: 3 }), 'abcd', shape('must be at most 3 characters')],
    [field('textarea'), 'line\nline', OK],
    [field('textarea'), 1, shape('must be a string')],
    [field('richText'), { type: 'doc', content: [] }, OK],
    [
      field('richText'),
      {
        type: 'doc',
        content: [{ type: 'paragraph', attrs: { a: 1 } }],
        extra: 1,
      },
      OK,
    ],
    [
      field('richText'),
      { type: 'doc' },
      shape('must be a rich-text object with a string "type" and an array "content"'),
    ],
    [
      field('richText'),
      { content: [] },
      shape('must be a rich-text object with a string "type" and an array "content"'),
    ],
    [
      field('richText'),
      { type: 1, content: [] },
      shape('must be a rich-text object with a string "type" and an array "content"'),
    ],
    [
      field('richText'),
      { type: 'doc', content: 'x' },
      shape('must be a rich-text object with a string "type" and an array "content"'),
    ],
    [
      field('richText'),
      '<p>html</p>',
      shape('must be a rich-text object with a string "type" and an array "content"'),
    ],
    [
      field('richText'),
      [],
      shape('must be a rich-text object with a string "type" and an array "content"'),
    ],
    [field('tags'), ['a', 'ünï', '🏷️'], OK],
    [field('tags'), [], OK],
    [field('tags'), 'a,b', shape('must be an array of non-empty strings')],
    [field('tags'), ['a', 1], shape('must be an array of non-empty strings')],
    [field('tags'), ['a', ''], shape('must be an array of non-empty strings')],
    [field('tags'), [['a']], shape('must be an array of non-empty strings')],
    [field('number'), 1.5, OK],
    [field('number'), -0, OK],
    [field('number'), 1e308, OK],
    [field('number'), '1.5', shape('must be a finite number')],
    [field('number'), Number.POSITIVE_INFINITY, shape('must be a finite number')],
    [field('number'), Number.NaN, shape('must be a finite number')],
    [field('number', { min: 0, max: 10 }), 10, OK],
    [field('number', { min: 0, max: 10 }), -0.1, shape('must be at least 0')],
    [field('number', { min: 0, max: 10 }), 10.5, shape('must be at most 10')],
    [field('integer'), 42, OK],
    [field('integer'), 4.0, OK],
    [field('integer'), 4.2, shape('must be an integer')],
    [field('integer'), '4', shape('must be an integer')],
    [field('integer'), 2 ** 60, shape(`must be at most ${Number.MAX_SAFE_INTEGER}`)],
    [field('integer', { min: 1 }), 0, shape('must be at least 1')],
    [field('boolean'), false, OK],
    [field('boolean'), 'true', shape('must be true or false')],
    [field('boolean'), 0, shape('must be true or false')],
    [field('date'), '2024-02-29', OK],
    [field('date'), '2023-02-29', shape('must be a date in the form YYYY-MM-DD')],
    [field('date'), '2024-02-29T00:00:00Z', shape('must be a date in the form YYYY-MM-DD')],
    [field('date'), 20240229, shape('must be a date in the form YYYY-MM-DD')],
    [field('datetime'), '2024-05-01T12:00:00.000Z', OK],
    [field('datetime'), '2024-05-01T12:00:00+05:30', OK],
    [
      field('datetime'),
      '2024-05-01T12:00:00',
      shape('must be an ISO 8601 date-time with an offset, e.g. 2024-05-01T12:00:00Z'),
    ],
    [
      field('datetime'),
      1714564800000,
      shape('must be an ISO 8601 date-time with an offset, e.g. 2024-05-01T12:00:00Z'),
    ],
    [field('email'), 'ada@example.com', OK],
    [field('email'), 'ada.lovelace+cms@sub.example.co.uk', OK],
    [field('email'), 'ada@', shape('must be an email address')],
    [field('email'), 'not an email', shape('must be an email address')],
    [field('email'), ['ada@example.com'], shape('must be an email address')],
    [field('url'), 'https://example.com/a?b=1', OK],
    [field('url'), 'http://localhost:3000', OK],
    [field('url'), 'ftp://example.com', shape('must be an absolute http or https URL')],
    [field('url'), 'javascript:alert(1)', shape('must be an absolute http or https URL')],
    [field('url'), '/relative', shape('must be an absolute http or https URL')],
    [field('select', { options: ['draft', 'café', '🙂'] }), 'café', OK],
    [field('select', { options: ['draft', 'café', '🙂'] }), '🙂', OK],
    [
      field('select', { options: ['draft', 'café'] }),
      'cafe\u0301',
      shape('must be one of: "draft", "café"'),
    ],
    [field('select', { options: ['draft'] }), 'Draft', shape('must be one of: "draft"')],
    [field('select', { options: ['1'] }), 1, shape('must be one of: "1"')],
    [field('json'), { any: ['thing', 1, null, { deep: true }] }, OK],
    [field('json'), [1, 'two'], OK],
    [field('json'), 'string', OK],
    [field('json'), 0, OK],
  ])('when a %j field gets %j, then the problems are %j', (definition, value, expected) => {
    expect(problemsFor(definition, { value })).toEqual(expected)
  })

  it.each<FieldType>([
    'text',
    'richText',
    'tags',
    'number',
    'integer',
    'boolean',
    'date',
    'datetime',
    'email',
    'url',
    'json',
  ])('when an optional %s field is null or absent, then the data is valid', (type) => {
    expect(problemsFor(field(type), { value: null })).toEqual([])
    expect(problemsFor(field(type), {})).toEqual([])
  })

  it('when an optional select field is null, then the data is valid', () => {
    expect(problemsFor(field('select', { options: ['a'] }), { value: null })).toEqual([])
  })
})

describe('dataValidatorFor: free-form values must be storable', () => {
  it.each<[FieldType, unknown, string]>([
    ['json', { $set: 1 }, 'must not have keys that start with $ (found "$set")'],
    ['json', { 'a.b': 1 }, 'must not have keys that contain a dot (found "a.b")'],
    ['json', [[1, 2]], 'must not have an array directly inside an array'],
    [
      'richText',
      { type: 'doc', content: [{ attrs: { $ref: 'x' } }] },
      'must not have keys that start with $ (found "$ref")',
    ],
    ['richText', { type: 'doc', content: [[]] }, 'must not have an array directly inside an array'],
  ])('when a %s field holds %j, then 422 says why it cannot be stored', (type, value, message) => {
    expect(problemsFor(field(type), { value })).toEqual(shape(message))
  })

  it('when a required json field is null, then it is reported as empty rather than unstorable', () => {
    expect(problemsFor(field('json', { required: true }), { value: null })).toEqual(
      shape('is required and must not be empty'),
    )
  })
})

describe('dataValidatorFor: required fields', () => {
  it.each<[FieldType, unknown]>([
    ['text', ''],
    ['text', '   '],
    ['textarea', '\n\t'],
    ['tags', []],
    ['richText', { type: 'doc', content: [] }],
    ['json', null],
    ['number', null],
    ['boolean', null],
  ])('when a required %s field is %j, then it is reported as empty', (type, value) => {
    expect(problemsFor(field(type, { required: true }), { value })).toEqual(
      shape('is required and must not be empty'),
    )
  })

  it.each<[FieldType, unknown]>([
    ['boolean', false],
    ['number', 0],
    ['integer', 0],
    ['json', {}],
    ['json', false],
    ['text', 'x'],
  ])('when a required %s field is %j, then it counts as present', (type, value) => {
    expect(problemsFor(field(type, { required: true }), { value })).toEqual([])
  })

  it('when a required field is absent, then it is reported as required', () => {
    expect(problemsFor(field('text', { required: true }), {})).toEqual(shape('is required'))
  })

  it('when a required field is named like an Object.prototype member and is absent, then it is reported', () => {
    const validator = dataValidatorFor({
      name: 'thing',
      fields: [{ ...field('text', { required: true }), name: 'toString' }],
    })
    expect(validator.validate({})).toEqual([{ path: 'data.toString', message: 'is required' }])
  })
})

describe('dataValidatorFor: the data object', () => {
  const article = {
    name: 'article',
    fields: [
      { name: 'title', label: 'Title', type: 'text', required: true },
      { name: 'count', label: 'Count', type: 'integer', required: false },
    ] satisfies FieldDefinition[],
  }

  it.each<[string, unknown]>([
    ['null', null],
    ['an array', [{ title: 'x' }]],
    ['a string', '{"title":"x"}'],
    ['a number', 1],
  ])('when data is %s, then it must be an object', (_, data) => {
    expect(dataValidatorFor(article).validate(data)).toEqual([
      {
        path: 'data',
        message: 'must be an object',
      },
    ])
  })

  it.each<[string, string, string]>([
    ['an unknown key', '{"title":"x","colour":"red"}', 'data.colour'],
    ['a __proto__ key', '{"title":"x","__proto__":{"polluted":true}}', 'data.__proto__'],
    ['a constructor key', '{"title":"x","constructor":{"prototype":{}}}', 'data.constructor'],
    ['a key with a dot', '{"title":"x","a.b":1}', 'data["a.b"]'],
    ['a key starting with $', '{"title":"x","$where":"1"}', 'data["$where"]'],
    ['a non-ASCII key', '{"title":"x","título":1}', 'data["título"]'],
    ['a key differing in case', '{"title":"x","Title":"y"}', 'data.Title'],
  ])('when data has %s, then a detail names that key', (_, json, path) => {
    expect(dataValidatorFor(article).validate(JSON.parse(json))).toEqual([
      { path, message: 'is not a field of content type article' },
    ])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('when an unknown key is very long, then the path shows a shortened key', () => {
    const [detail] = dataValidatorFor(article).validate({ title: 'x', ['k'.repeat(10_000)]: 1 })
    expect(detail?.path).toBe(`data["${'k'.repeat(100)}…"]`)
  })

  it('when there are several problems, then every one is reported once', () => {
    expect(dataValidatorFor(article).validate({ count: 'many', extra: 1, other: 2 })).toEqual([
      { path: 'data.title', message: 'is required' },
      { path: 'data.extra', message: 'is not a field of content type article' },
      { path: 'data.other', message: 'is not a field of content type article' },
      { path: 'data.count', message: 'must be an integer' },
    ])
  })

  it('when assertValid gets bad data, then it throws one ValidationError with all details', () => {
    const attempt = () => assertValidData(article, { count: 1.5 })
    expect(attempt).toThrow(ValidationError)
    try {
      attempt()
    } catch (error) {
      expect((error as ValidationError).code).toBe('VALIDATION_ERROR')
      expect((error as ValidationError).details).toHaveLength(2)
    }
  })

  it('when assertValid gets good data, then it returns', () => {
    expect(() => assertValidData(article, { title: 'Hello', count: 3 })).not.toThrow()
  })
})

describe('dataValidatorFor: caching', () => {
  it('when the same definition is asked for twice, then the compiled validator is reused', () => {
    const fields: FieldDefinition[] = [field('text')]
    expect(dataValidatorFor({ name: 'same', fields })).toBe(
      dataValidatorFor({ name: 'same', fields: [...fields] }),
    )
  })

  it('when a type changes under the same name, then the new definition is used immediately', () => {
    const before = dataValidatorFor({ name: 'changing', fields: [field('text')] })
    const after = dataValidatorFor({ name: 'changing', fields: [field('integer')] })
    expect(before.validate({ value: 'x' })).toEqual([])
    expect(after.validate({ value: 'x' })).toEqual(shape('must be an integer'))
  })

  it('when more types than the cache holds are used, then evicted ones still validate correctly', () => {
    for (let index = 0; index < 1100; index++) {
      dataValidatorFor({
        name: `many-${index}`,
        fields: [field('integer', { max: index })],
      }).validate({ value: 0 })
    }
    const first = dataValidatorFor({ name: 'many-0', fields: [field('integer', { max: 0 })] })
    expect(first.validate({ value: 1 })).toEqual(shape('must be at most 0'))
  })
})

describe('dataValidatorFor: relation values', () => {
  const ID = '0b6f2c34-5a1e-4c2d-9f3e-7a8b9c0d1e2f'
  const OTHER = '1c7f3d45-6b2f-4d3e-8f4a-8b9c0d1e2f3a'
  const single = field('relation', { target: 'person' })
  const many = field('relation', { target: 'tag', many: true })
  it.each<[FieldDefinition, unknown, readonly { path: string; message: string }[]]>([
    [single, ID, OK],
    [single, null, OK],
    [single, 'not-an-id', shape('must be a document id')],
    [single, 42, shape('must be a document id')],
    [single, [ID], shape('must be a document id')],
    [many, [ID, OTHER], OK],
    [many, [], OK],
    [many, null, OK],
    [many, ID, shape('must be an array of up to 100 distinct document ids')],
    [many, [ID, ID], shape('must be an array of up to 100 distinct document ids')],
    [many, [ID, 7], shape('must be an array of up to 100 distinct document ids')],
    [
      many,
      Array.from(
        { length: 101 },
        (_, i) => `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`,
      ),
      shape('must be an array of up to 100 distinct document ids'),
    ],
  ])('when a %j relation holds %j, then the problems are %j', (definition, value, expected) => {
    expect(problemsFor(definition, { value })).toEqual(expected)
  })

  it('when a required many relation is empty, then it is missing', () => {
    expect(problemsFor({ ...many, required: true }, { value: [] })).toEqual(
      shape('is required and must not be empty'),
    )
  })
})
