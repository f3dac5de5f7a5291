/** Limits on the free text of definitions, in Unicode code points (the request schema's). */
export { TEXT_LIMITS } from '@cms/contract'
