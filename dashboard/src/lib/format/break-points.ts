/**
 * The characters after which a path, a host name, a query or an identifier may start a new line: its parts
 * stay whole ("first-editions" may break after the hyphen, "editions" never inside). Browsers break after a
 * hyphen already, but not after a dot, a slash before a letter, `&`, `=`, `@` or `_`.
 */
const BREAK_AFTER = /(?<=[/?&=.@_-])(?=[^/?&=.@_-])/;

/** `text` cut after each break point, so that joining the pieces with `<wbr>` lets it wrap only there. */
export function splitAtBreakPoints(text: string): string[] {
  return text.split(BREAK_AFTER);
}
