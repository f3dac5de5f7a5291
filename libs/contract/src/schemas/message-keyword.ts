/**
 * A schema annotation: the message for a failed `pattern`, `format` or `not` of that schema, or
 * an object of messages by keyword when it has more than one of them.
 */
export const MESSAGE_KEYWORD = 'x-message'
