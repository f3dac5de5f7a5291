/**
 * A schema annotation: the message for a failed `pattern`, `format` or `not` of that schema, or
 * an object of messages by keyword (any keyword: `type` and `enum` too, as query flags say
 * "draft must be true or false" whatever was sent).
 */
export const MESSAGE_KEYWORD = 'x-message'
