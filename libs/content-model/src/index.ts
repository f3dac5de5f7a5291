export * from './content-type.ts'
