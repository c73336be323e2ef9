import { Fragment } from 'react';

/** Text whose newlines become line breaks (a referral's presentation). */
export function MultilineText({ text }: { text: string }) {
  return text.split(/\r?\n/).map((line, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text never reorder.
    <Fragment key={i}>
      {i > 0 && <br />}
      {line}
    </Fragment>
  ));
}
