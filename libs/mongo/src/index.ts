export { connectMongo } from './connect.ts'
export type { MongoConnection, MongoOptions } from './connect.ts'
export { countMongoCommands } from './command-metrics.ts'
export { prepareMongo } from './prepare.ts'
export type { MongoPreparation } from './prepare.ts'
export {
  isConnectivityError,
  isDuplicateKeyError,
  mongoErrorTranslator,
  writeErrorsOf,
} from './driver-errors.ts'
export { queryShapesOf, shapeKey } from './query-shape.ts'
export type { QueryShape } from './query-shape.ts'
export {
  groupedInsertUnlessTaken,
  insertAllUnlessTaken,
  insertUnlessTaken,
  rollForward,
} from './claims.ts'
export { groupCommit } from './group-commit.ts'
