export { connectMongo, whenMongoAnswers } from './connect.ts'
export type { MongoConnection, MongoOptions } from './connect.ts'
export { isConnectivityError, isDuplicateKeyError, mongoErrorTranslator } from './driver-errors.ts'
