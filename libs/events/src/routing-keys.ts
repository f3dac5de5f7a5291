/** What the services say to each other over RabbitMQ: one topic exchange, routing key = event name. */
export const EVENTS_EXCHANGE = 'cms.events'

/** Routing key of the schema service's announcement that a content type changed or was deleted. */
export const CONTENT_TYPE_CHANGED = 'schema.content-type.changed'

/**
 * Routing key of a change whose cached answers must go but that is no entry event or type
 * change (a media file changed or deleted, a website deleted): the tags it affects, which the
 * gateway's CDN purge queue sends on to the configured purgers (docs/cdn.md, "Purges").
 */
export const CACHE_PURGE = 'cache.purge'
