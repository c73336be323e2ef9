import { Fragment } from 'react';

/**
 * A mailto link whose address may wrap after "@" and before dots, never inside a word, so a
 * long address fits a phone. The label names the address, so no tool reads the break points.
 */
export function EmailLink({ email, className }: { email: string; className?: string }) {
  let offset = 0;
  const parts = email.split(/(?=[@.])/).map((part) => {
    const at = offset;
    offset += part.length;
    return at === 0 ? (
      part
    ) : (
      <Fragment key={at}>
        <wbr />
        {part}
      </Fragment>
    );
  });
  return (
    <a href={`mailto:${email}`} aria-label={email} className={className}>
      {parts}
    </a>
  );
}
