import { Fragment } from 'react';
import { splitAtBreakPoints } from '../lib/format/break-points';

/**
 * A path, host name or identifier that may wrap only after its separators (`/`, `?`, `&`, `=`, `.`, `@`, `_`,
 * `-`): `<wbr>` marks the places, so the text itself, its accessible name and a copy of it stay unchanged.
 */
export function Breakable({ text }: { text: string }) {
  const pieces = splitAtBreakPoints(text);
  return pieces.map((piece, index) => (
    // The pieces of one text never move, so their places are their keys.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {piece}
    </Fragment>
  ));
}
