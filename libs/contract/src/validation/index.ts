export { bodyProblems, validateBody } from './validate-body.ts'
export { pointerToPath } from './detail-path.ts'
export { detailsOf } from './error-details.ts'
