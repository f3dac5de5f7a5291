import { describe, expectTypeOf, it } from 'vitest'
import type {
  ApiKeyCreateBody,
  ContentType as ContentTypeAnswer,
  ContentTypeCreateBody,
  ContentTypePatchBody,
  LocaleDefinitionBody,
  Locales,
} from '@cms/contract'
import type {
  ContentType,
  ContentTypeChange,
  ContentTypeInput,
  KeyInput,
  Locale,
  LocaleList,
} from '../src/index.ts'

/*
 * The client's names for these bodies and answers are the contract's schemas (src/types/): tsc
 * holds them to @cms/contract here, so a client type declared again that drifts from its schema
 * fails the type check (run by types-match-schemas.test.ts).
 */
describe('types the client declares', () => {
  it('when the client sends a body, then the schema accepts its type; when the API answers, then the client type reads it', () => {
    expectTypeOf<ContentTypeInput>().toExtend<ContentTypeCreateBody>()
    expectTypeOf<ContentTypeChange>().toExtend<ContentTypePatchBody>()
    expectTypeOf<ContentTypeAnswer>().toExtend<ContentType>()
    expectTypeOf<Locale>().toExtend<LocaleDefinitionBody>()
    expectTypeOf<LocaleDefinitionBody>().toExtend<Locale>()
    expectTypeOf<Locales>().toExtend<LocaleList>()
    expectTypeOf<KeyInput>().toExtend<ApiKeyCreateBody>()
  })
})
