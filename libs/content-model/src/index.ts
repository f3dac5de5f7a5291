export * from './content-type.ts'
export {
  CONTENT_TYPE_NAME_PATTERN,
  FIELD_NAME_PATTERN,
  isContentTypeName,
  isFieldName,
  RESERVED_FIELD_NAMES,
} from './names.ts'
export { TEXT_LIMITS } from './display-text.ts'
export {
  FIELD_OPTION_NAMES,
  LIST_OF_COMPONENTS,
  FIELD_OPTION_TYPES,
  MAX_SELECT_OPTIONS,
  MAX_TEXT_LENGTH_LIMIT,
} from './field-options.ts'
export type { FieldOptionName } from './field-options.ts'
export { fieldFromInput, fieldRuleProblems } from './validate-field-definition.ts'
export type { FieldDefinitionInput, Settable } from './validate-field-definition.ts'
export {
  CONTENT_TYPE_MEMBERS,
  contentTypeRuleProblems,
  definitionFromInput,
  MAX_FIELDS,
  TITLE_FIELD_TYPES,
} from './validate-content-type.ts'
export type {
  ContentTypeDefinition,
  ContentTypeDefinitionInput,
  ContentTypeMember,
} from './validate-content-type.ts'
export { isHttpUrl, isIsoDate, isIsoDateTime } from './value-formats.ts'
export { isEmptyValue } from './empty-value.ts'
export { isPlainObject } from './plain-object.ts'
export {
  blockShapeOf,
  componentNamesOf,
  componentReferenceProblems,
  componentValues,
  forEachFieldValue,
  MAX_COMPONENT_DEPTH,
  resolveComponents,
  unresolvedField,
} from './component-fields.ts'
export type { ComponentLookup, FieldValueVisitor } from './component-fields.ts'
export { patternProblem } from './linear-pattern.ts'
export { MAX_VALUE_DEPTH, storageProblem } from './storable-value.ts'
export { assertValidData, DATA_VALIDATOR_CACHE_SIZE, dataValidatorFor } from './data-validator.ts'
export { validatedData } from './canonical-data.ts'
export { isDocumentId } from './data-schema.ts'
export type { DataValidator, DataValidatorSource } from './data-validator.ts'
export { definitionSize } from './definition-size.ts'
export type { DefinitionSize } from './definition-size.ts'
export {
  canonicalLocale,
  DEFAULT_LOCALES,
  defaultLocaleOf,
  fallbackChain,
  isLocalizedField,
  localeCodeProblem,
  localeListProblems,
  localizedFieldNames,
  MAX_LOCALES,
} from './locales.ts'
export type { LocaleDefinition } from './locales.ts'
