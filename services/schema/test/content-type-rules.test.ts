import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FIELD_TYPES as ALL_FIELD_TYPES, FieldDefinitionBody } from '@cms/contract'
import { websiteClient } from './support/schema-client.ts'

interface Detail {
  path: string
  message: string
}

async function expect422(body: unknown, details: Detail[]) {
  const { admin } = websiteClient()
  const response = await admin('POST', '/api/content-types', { body })
  expect(response.status).toBe(422)
  expect(response.body.error.code).toBe('VALIDATION_ERROR')
  expect(typeof response.body.error.message).toBe('string')
  expect(response.body.error.details).toEqual(details)
  expect((await admin('GET', '/api/content-types')).body.docs).toEqual([])
}

const nameRule = 'must match ^[a-z][a-z0-9_-]{0,63}$'
const fieldNameRule = 'must match ^[A-Za-z_][A-Za-z0-9_]{0,63}$'
/** The field types a field takes without naming another definition (components aside). */
const FIELD_TYPES = [
  'text',
  'textarea',
  'richText',
  'tags',
  'number',
  'integer',
  'boolean',
  'date',
  'datetime',
  'email',
  'url',
  'select',
  'json',
  'relation',
  'media',
]

/** What a field of each type must carry besides name and type. */
const REQUIRED_OPTIONS: Record<string, Record<string, unknown>> = {
  select: { options: ['a'] },
  relation: { target: 'x' },
}

describe('contract section 3: the type name', () => {
  it.each(['a', 'news', 'blog-post', 'faq_item', 'v2', 'a'.repeat(64)])(
    'when the name is %j, then it is accepted',
    async (name) => {
      expect(
        (await websiteClient().admin('POST', '/api/content-types', { body: { name } })).status,
      ).toBe(201)
    },
  )

  it.each<[string, unknown, string]>([
    ['upper case', 'Article', nameRule],
    ['a leading digit', '1article', nameRule],
    ['a leading hyphen', '-article', nameRule],
    ['a space', 'blog post', nameRule],
    ['a slash', 'blog/post', nameRule],
    ['65 characters', 'a'.repeat(65), nameRule],
    ['a million characters', 'a'.repeat(1_000_000 - 100), nameRule],
    ['an accent', 'artículo', nameRule],
    ['an emoji', 'post😀', nameRule],
    ['full-width letters', 'ａｒｔｉｃｌｅ', nameRule],
    ['a zero-width space', 'art\u200bicle', nameRule],
    ['a right-to-left override', '\u202earticle', nameRule],
    ['a NUL', 'article\u0000', nameRule],
    ['an empty string', '', nameRule],
    ['a number', 42, 'must be a string'],
    ['a boolean', true, 'must be a string'],
    ['an array', ['article'], 'must be a string'],
    ['an object', { value: 'article' }, 'must be a string'],
    ['null', null, 'must be a string'],
  ])('when the name has %s, then 422 names it', async (_, name, message) => {
    await expect422({ name }, [{ path: 'name', message }])
  })

  it('when the name is missing, then 422 says it is required', async () => {
    await expect422({ label: 'No name' }, [{ path: 'name', message: 'is required' }])
  })
})

describe('contract section 3: field definitions', () => {
  it.each(FIELD_TYPES)('when a field has type %s, then the type is accepted', async (type) => {
    const field = { name: 'f', type, ...REQUIRED_OPTIONS[type] }
    const response = await websiteClient().admin('POST', '/api/content-types', {
      body: { name: 'x', fields: [field] },
    })
    expect(response.status).toBe(201)
    expect(response.body.fields[0]).toMatchObject({ name: 'f', type, label: 'f', required: false })
  })

  it.each<[string, unknown, Detail[]]>([
    [
      'an unknown type',
      { name: 'f', type: 'string' },
      [
        {
          path: 'fields[0].type',
          message: `must be one of: ${ALL_FIELD_TYPES.join(', ')}`,
        },
      ],
    ],
    [
      'a type in the wrong case',
      { name: 'f', type: 'RichText' },
      [
        {
          path: 'fields[0].type',
          message: `must be one of: ${ALL_FIELD_TYPES.join(', ')}`,
        },
      ],
    ],
    [
      'a numeric type',
      { name: 'f', type: 1 },
      [
        {
          path: 'fields[0].type',
          message: 'must be a string',
        },
      ],
    ],
    ['no type', { name: 'f' }, [{ path: 'fields[0].type', message: 'is required' }]],
    ['no name', { type: 'text' }, [{ path: 'fields[0].name', message: 'is required' }]],
    [
      'a name with a hyphen',
      { name: 'first-name', type: 'text' },
      [
        {
          path: 'fields[0].name',
          message: fieldNameRule,
        },
      ],
    ],
    [
      'a name with a dot',
      { name: 'a.b', type: 'text' },
      [
        {
          path: 'fields[0].name',
          message: fieldNameRule,
        },
      ],
    ],
    [
      'a name starting with $',
      { name: '$set', type: 'text' },
      [
        {
          path: 'fields[0].name',
          message: fieldNameRule,
        },
      ],
    ],
    [
      'a name starting with a digit',
      { name: '9lives', type: 'text' },
      [
        {
          path: 'fields[0].name',
          message: fieldNameRule,
        },
      ],
    ],
    [
      'a non-ASCII name',
      { name: 'título', type: 'text' },
      [
        {
          path: 'fields[0].name',
          message: fieldNameRule,
        },
      ],
    ],
    [
      'a 65-character name',
      { name: 'f'.repeat(65), type: 'text' },
      [
        {
          path: 'fields[0].name',
          message: fieldNameRule,
        },
      ],
    ],
    [
      'the name __proto__',
      { name: '__proto__', type: 'text' },
      [
        {
          path: 'fields[0].name',
          message: 'is reserved: __proto__, constructor, prototype cannot be field names',
        },
      ],
    ],
    [
      'required as a string',
      { name: 'f', type: 'text', required: 'true' },
      [
        {
          path: 'fields[0].required',
          message: 'must be true or false or null',
        },
      ],
    ],
    [
      'an unknown member',
      { name: 'f', type: 'text', default: 'x' },
      [
        {
          path: 'fields[0].default',
          message: `is not accepted here (allowed: ${Object.keys(FieldDefinitionBody.properties).join(', ')})`,
        },
      ],
    ],
    [
      'a select without options',
      { name: 'f', type: 'select' },
      [
        {
          path: 'fields[0].options',
          message: 'is required for a select field',
        },
      ],
    ],
    [
      'a select with no options',
      { name: 'f', type: 'select', options: [] },
      [
        {
          path: 'fields[0].options',
          message: 'must have at least 1 item',
        },
      ],
    ],
    [
      'a select with repeated options',
      { name: 'f', type: 'select', options: ['a', 'a'] },
      [
        {
          path: 'fields[0].options',
          message: 'must not repeat an item (items 0 and 1 are the same)',
        },
      ],
    ],
    [
      'a select with a numeric option',
      { name: 'f', type: 'select', options: [1] },
      [
        {
          path: 'fields[0].options[0]',
          message: 'must be a string',
        },
      ],
    ],
    [
      'a select with a very long option',
      {
        name: 'f',
        type: 'select',
        options: ['o'.repeat(10_000)],
      },
      [{ path: 'fields[0].options[0]', message: 'must be at most 200 characters' }],
    ],
    [
      'options on a text field',
      { name: 'f', type: 'text', options: ['a'] },
      [{ path: 'fields[0].options', message: 'is not allowed for a text field (only select)' }],
    ],
    [
      'min above max',
      { name: 'f', type: 'number', min: 5, max: 1 },
      [
        {
          path: 'fields[0].min',
          message: 'must not be greater than max',
        },
      ],
    ],
    [
      'maxLength on a number',
      { name: 'f', type: 'number', maxLength: 5 },
      [
        {
          path: 'fields[0].maxLength',
          message: 'is not allowed for a number field (only text, textarea)',
        },
      ],
    ],
    [
      'a label that is a number',
      { name: 'f', type: 'text', label: 7 },
      [
        {
          path: 'fields[0].label',
          message: 'must be a string or null',
        },
      ],
    ],
    [
      'a label of 100,000 characters',
      { name: 'f', type: 'text', label: 'L'.repeat(100_000) },
      [{ path: 'fields[0].label', message: 'must be at most 200 characters' }],
    ],
  ])('when a field has %s, then 422 names the member', async (_, field, details) => {
    await expect422({ name: 'x', fields: [field] }, details)
  })

  it('when two fields share a name, then 422 names the second', async () => {
    await expect422(
      {
        name: 'x',
        fields: [
          { name: 'title', type: 'text' },
          { name: 'title', type: 'textarea' },
        ],
      },
      [{ path: 'fields[1].name', message: 'duplicates fields[0].name' }],
    )
  })

  it('when fields is not an array, then 422', async () => {
    await expect422({ name: 'x', fields: { title: { type: 'text' } } }, [
      {
        path: 'fields',
        message: 'must be an array or null',
      },
    ])
  })

  it('when a field is not an object, then 422', async () => {
    await expect422({ name: 'x', fields: ['title'] }, [
      {
        path: 'fields[0]',
        message: 'must be an object',
      },
    ])
  })
})

describe('contract section 3: slugField and titleField', () => {
  const fields = [
    { name: 'title', type: 'text' },
    { name: 'summary', type: 'textarea' },
    { name: 'body', type: 'richText' },
    { name: 'published', type: 'date' },
  ]

  it('when slugField and titleField name text and textarea fields, then the type is created', async () => {
    const response = await websiteClient().admin('POST', '/api/content-types', {
      body: { name: 'x', fields, slugField: 'title', titleField: 'summary' },
    })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ slugField: 'title', titleField: 'summary' })
  })

  it.each<[string, string, string]>([
    ['slugField', 'body', 'must name a text or textarea field; body is of type richText'],
    ['titleField', 'published', 'must name a text or textarea field; published is of type date'],
    ['slugField', 'nope', 'must name a field of this content type; there is no field "nope"'],
  ])('when %s is %j, then 422', async (member, value, message) => {
    await expect422({ name: 'x', fields, [member]: value }, [{ path: member, message }])
  })
})

const ALLOWED_MEMBERS =
  'is not accepted here (allowed: name, label, description, icon, slugField, titleField, localized, fields)'

describe('request bodies', () => {
  it('when unknown and read-only members are sent, then 422 names each of them', async () => {
    await expect422({ name: 'x', id: 'mine', version: 9, colour: 'red' }, [
      { path: 'id', message: ALLOWED_MEMBERS },
      { path: 'version', message: ALLOWED_MEMBERS },
      { path: 'colour', message: ALLOWED_MEMBERS },
    ])
  })

  it('when many problems are in one body, then all of them come back in one 422', async () => {
    const { admin } = websiteClient()
    const response = await admin('POST', '/api/content-types', {
      body: {
        name: 'Bad!',
        label: '',
        extra: 1,
        slugField: 'body',
        fields: [
          { name: 'body', type: 'richText' },
          { name: 'x', type: 'nope' },
        ],
      },
    })
    expect(response.status).toBe(422)
    expect(response.body.error.details.map((detail: Detail) => detail.path).sort()).toEqual(
      ['extra', 'fields[1].type', 'label', 'name', 'slugField'].sort(),
    )
  })

  it.each<[string, string, number, string]>([
    ['an array', '[]', 422, 'VALIDATION_ERROR'],
    ['a string', '"article"', 422, 'VALIDATION_ERROR'],
    ['null', 'null', 422, 'VALIDATION_ERROR'],
    ['a number', '42', 422, 'VALIDATION_ERROR'],
    ['malformed JSON', '{"name": "x",', 422, 'VALIDATION_ERROR'],
    ['a duplicated key', '{"name": "x", "name": "Y"}', 422, 'VALIDATION_ERROR'],
  ])('when the body is %s, then it is %i', async (_, rawBody, status, code) => {
    const response = await websiteClient().admin('POST', '/api/content-types', { rawBody })
    expect(response.status).toBe(status)
    expect(response.body.error.code).toBe(code)
  })

  it('when there is no body, then 422 says a JSON object is needed', async () => {
    const response = await websiteClient().admin('POST', '/api/content-types')
    expect(response.status).toBe(422)
    expect(response.body.error.details).toEqual([{ path: '', message: 'must be an object' }])
  })

  it('when the body is not JSON, then it is 415', async () => {
    const response = await websiteClient().admin('POST', '/api/content-types', {
      rawBody: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(response.status).toBe(415)
    expect(response.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })

  it('when the body is over 1 MiB, then it is 413', async () => {
    const response = await websiteClient().admin('POST', '/api/content-types', {
      body: { name: 'x', description: 'd'.repeat(1024 * 1024 + 10) },
    })
    expect(response.status).toBe(413)
  })

  it('when a __proto__ member is sent, then it is 422 and no type is created', async () => {
    const { admin } = websiteClient()
    const response = await admin('POST', '/api/content-types', {
      rawBody: '{"name":"x","__proto__":{"fields":[{"name":"p","type":"text"}]}}',
    })
    expect(response.status).toBe(422)
    expect(response.body.error.code).toBe('VALIDATION_ERROR')
    expect((await admin('GET', '/api/content-types')).body.docs).toEqual([])
  })

  it('when a constructor member is sent, then 422 names it', async () => {
    await expect422({ name: 'x', constructor: { prototype: { polluted: true } } }, [
      { path: 'constructor', message: ALLOWED_MEMBERS },
    ])
  })
})

describe('unusual text', () => {
  it('when labels, description, icon and options use unusual but valid Unicode, then they round-trip exactly', async () => {
    const { admin } = websiteClient()
    const label = 'Ünïcødé 記事 مقالة 👩‍💻 e\u0301 \u202eRTL\u202c'
    const body = {
      name: 'unicode',
      label,
      description: 'Zeilen\nmit\tTabs — und 🚀',
      icon: '📰',
      fields: [
        {
          name: 'kind',
          label,
          type: 'select',
          options: ['café', 'cafe\u0301', '🙂', 'Ⅻ', '\u00a0nbsp'],
        },
      ],
    }
    const created = await admin('POST', '/api/content-types', { body })
    expect(created.status).toBe(201)
    const read = await admin('GET', '/api/content-types/unicode')
    expect(read.body).toMatchObject(body)
  })

  it.each<[string, Record<string, unknown>, Detail[]]>([
    [
      'a lone surrogate in the label',
      { label: 'bad \ud800 label' },
      [{ path: 'label', message: 'must be valid Unicode text (it contains a lone surrogate)' }],
    ],
    [
      'a NUL in the label',
      { label: 'a\u0000b' },
      [
        {
          path: 'label',
          message: 'must not contain control characters',
        },
      ],
    ],
    [
      'an escape character in the icon',
      { icon: '\u001b[31m' },
      [
        {
          path: 'icon',
          message: 'must not contain control characters',
        },
      ],
    ],
    [
      'a 201-character label of emoji',
      { label: '🎉'.repeat(201) },
      [
        {
          path: 'label',
          message: 'must be at most 200 characters',
        },
      ],
    ],
    [
      'a description of 500,000 characters',
      { description: 'd'.repeat(500_000) },
      [{ path: 'description', message: 'must be at most 2000 characters' }],
    ],
    [
      'a lone surrogate in an option',
      {
        fields: [{ name: 'f', type: 'select', options: ['ok', '\udfff'] }],
      },
      [
        {
          path: 'fields[0].options[1]',
          message: 'must be valid Unicode text (it contains a lone surrogate)',
        },
      ],
    ],
    [
      'a control character in an option',
      {
        fields: [{ name: 'f', type: 'select', options: ['a\u0007'] }],
      },
      [{ path: 'fields[0].options[0]', message: 'must not contain control characters' }],
    ],
  ])('when the definition has %s, then 422 (never 500)', async (_, members, details) => {
    await expect422({ name: 'x', ...members }, details)
  })

  it('when the JSON carries an escaped lone surrogate, then 422 (never 500)', async () => {
    const response = await websiteClient().admin('POST', '/api/content-types', {
      rawBody: '{"name":"x","label":"\\ud800"}',
    })
    expect(response.status).toBe(422)
  })
})

describe('robustness', () => {
  const anyJson = fc.jsonValue({ maxDepth: 3 })
  const anyText = fc.string({ unit: 'binary', maxLength: 300 })
  const fieldLike = fc.record(
    {
      name: fc.oneof(fc.string(), fc.constantFrom('title', 'body', '__proto__'), anyJson),
      type: fc.oneof(fc.constantFrom(...FIELD_TYPES), anyJson),
      label: fc.oneof(anyText, anyJson),
      required: anyJson,
      options: fc.oneof(fc.array(anyText), anyJson),
      min: anyJson,
      maxLength: anyJson,
      target: fc.oneof(fc.constantFrom('target', 'missing', 'x', 'Not a name'), anyJson),
      many: anyJson,
    },
    { requiredKeys: [] },
  )
  const bodyLike = fc.oneof(
    anyJson,
    fc.record(
      {
        name: fc.oneof(fc.stringMatching(/^[a-z][a-z0-9_-]{0,10}$/), anyText, anyJson),
        label: fc.oneof(anyText, anyJson),
        slugField: fc.oneof(fc.constantFrom('title', 'body'), anyJson),
        fields: fc.oneof(fc.array(fieldLike, { maxLength: 4 }), anyJson),
        extra: anyJson,
      },
      { requiredKeys: [] },
    ),
  )

  it('when arbitrary JSON is sent as a definition or a patch, then the answer is 201, 200, 409 or 422, never 5xx', async () => {
    const { admin } = websiteClient()
    await admin('POST', '/api/content-types', {
      body: { name: 'target', fields: [{ name: 'title', type: 'text' }] },
    })
    await fc.assert(
      fc.asyncProperty(bodyLike, bodyLike, async (create, patch) => {
        const created = await admin('POST', '/api/content-types', { body: create })
        expect([201, 409, 422]).toContain(created.status)
        if (created.status === 422) expect(created.body.error.details.length).toBeGreaterThan(0)
        const patched = await admin('PATCH', '/api/content-types/target', { body: patch })
        expect([200, 422]).toContain(patched.status)
      }),
      { numRuns: 150 },
    )
  }, 120_000)
})
