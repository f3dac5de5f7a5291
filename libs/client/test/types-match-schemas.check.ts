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
 * The client declares these types itself (their schemas reach Node-only code; see
 * src/types/content-type.ts): tsc holds them to @cms/api-schema here, so a schema change that
 * the client's types do not follow fails the type check (run by types-match-schemas.test.ts).
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
