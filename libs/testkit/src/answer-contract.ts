import process from 'node:process'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { buildAdminDocument, buildPublicDocument } from '@cms/contract/openapi'

// ajv-formats is CommonJS: its default export is the function under Node and tsx alike.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020

type Json = Record<string, any>

/** The env var that turns the check off (`0`); it is on by default. */
export const CONTRACT_CHECK_ENV = 'CMS_CONTRACT_CHECK'

/**
 * Whether answers from `baseUrl` are checked: on unless turned off, for the stack the global
 * setup started (its gateway and services). A gateway a test starts in front of a stand-in
 * service answers what the stand-in says, which no document describes.
 */
export function contractCheckOn(baseUrl: string): boolean {
  if (process.env[CONTRACT_CHECK_ENV] === '0') return false
  return [
    'CMS_TEST_GATEWAY_URL',
    'CMS_TEST_CONTENT_READ_URL',
    'CMS_TEST_CONTENT_WRITE_URL',
    'CMS_TEST_SCHEMA_URL',
    'CMS_TEST_WEBHOOK_URL',
  ].some((name) => process.env[name] === baseUrl)
}

interface Template {
  path: string
  pattern: RegExp
  literals: number
}

interface Described {
  id: string
  document: Json
  templates: Template[]
}

function templatesOf(document: Json): Template[] {
  return Object.keys(document.paths as Json)
    .map((path) => {
      const segments = path.split('/')
      const source = segments
        .map((segment) =>
          segment.startsWith('{') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/')
      return {
        path,
        pattern: new RegExp(`^${source}$`),
        literals: segments.filter((segment) => !segment.startsWith('{')).length,
      }
    })
    .sort((a, b) => b.literals - a.literals)
}

export interface AnswerChecker {
  /** What is wrong with an answer according to the documents, or undefined when it matches. */
  problem(answer: Answer): string | undefined
}

/**
 * A checker of answers against OpenAPI documents: `/admin/api` answers against `admin`, other
 * `/api` answers against `public`. Validators are compiled once per operation and status.
 */
export function createAnswerChecker(documents: { public: Json; admin: Json }): AnswerChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
  addFormats(ajv)
  const make = (id: string, document: Json): Described => {
    ajv.addSchema({ ...document, $id: id })
    return { id, document, templates: templatesOf(document) }
  }
  const apis = {
    public: make('cms-public-openapi', documents.public),
    admin: make('cms-admin-openapi', documents.admin),
  }
  const validators = new Map<string, ValidateFunction>()
  return { problem: (answer) => problemOf(answer, apis, ajv, validators) }
}

let builtIn: AnswerChecker | undefined

/**
 * The documents every test's answers are held to: built in process from @cms/contract/openapi, as the
 * gateway serves them, without a website's types (so `data` is any object).
 */
const defaultChecker = (): AnswerChecker =>
  (builtIn ??= createAnswerChecker({ public: buildPublicDocument(), admin: buildAdminDocument() }))

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')

export interface Answer {
  method: string
  /** Path and query as requested. */
  path: string
  status: number
  contentType: string | null
  text: string
  body: unknown
}

/**
 * What is wrong with an answer according to the OpenAPI document of its API, or undefined when
 * it matches (or is no answer of `/api` or `/admin/api`: health, assets, internal routes).
 */
export const answerProblem = (answer: Answer): string | undefined =>
  defaultChecker().problem(answer)

function problemOf(
  answer: Answer,
  apis: { public: Described; admin: Described },
  ajv: Ajv2020,
  validators: Map<string, ValidateFunction>,
): string | undefined {
  const path = answer.path.split('?')[0]!
  const kind = path.startsWith('/admin/api/')
    ? 'admin'
    : path.startsWith('/api/')
      ? 'public'
      : undefined
  const method = answer.method.toLowerCase()
  if (!kind || method === 'head' || method === 'options') return undefined
  const api = apis[kind]
  const template = api.templates.find((candidate) => candidate.pattern.test(path))
  const operation = template && (api.document.paths[template.path]?.[method] as Json | undefined)
  let where: string
  if (!operation) {
    // An unknown route or method is answered in the error shape, and nothing else is.
    if (answer.status < 400) return `${answer.method} ${path} is not in the OpenAPI document`
    where = `#/components/schemas/Error`
  } else {
    const status = String(answer.status)
    const documented = operation.responses[status]
    if (!documented && answer.status < 400)
      return `${answer.method} ${template!.path} answered ${status}, which the document does not list`
    const responseKey = documented ? status : 'default'
    // An answer is written in place or refers to one of components.responses.
    const written = operation.responses[responseKey] as Json
    const response = (
      written.$ref
        ? api.document.components.responses[String(written.$ref).split('/').pop()!]
        : written
    ) as Json
    const location = written.$ref
      ? String(written.$ref)
      : `#${pointer('', 'paths', template!.path, method, 'responses', responseKey)}`
    const media = response.content?.['application/json']
    if (!media) {
      if (answer.text !== '' && !response.content)
        return `${answer.method} ${template!.path} ${status} has a body, the document none`
      return undefined
    }
    where = `${location}/content/application~1json/schema`
  }
  if (answer.text === '') {
    return answer.status === 304
      ? undefined
      : `${answer.method} ${path} ${answer.status} has no body, the document a JSON one`
  }
  if (!answer.contentType?.includes('json'))
    return `${answer.method} ${path} ${answer.status} is ${answer.contentType}, not JSON`
  const key = `${api.id}${where}`
  let validate = validators.get(key)
  if (!validate) {
    validate = ajv.compile({ $ref: key })
    validators.set(key, validate)
  }
  if (validate(answer.body)) return undefined
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || '/'} ${error.message}`)
    .join('; ')
  return `${answer.method} ${path} ${answer.status} does not match ${where}: ${errors}`
}

/** Throws when the answer does not match the document (the calling test then fails). */
export function assertAnswerMatches(answer: Answer): void {
  const problem = answerProblem(answer)
  if (problem) throw new Error(`OpenAPI contract: ${problem}`)
}
