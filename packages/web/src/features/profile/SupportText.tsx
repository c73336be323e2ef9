import { Trans } from 'react-i18next';

/** A catalogue text with the support address as a mail link. */
export function SupportText({ i18nKey, email }: { i18nKey: string; email: string }) {
  return (
    <Trans
      i18nKey={i18nKey}
      values={{ email }}
      components={{ mail: <a href={`mailto:${email}`}>{email}</a> }}
    />
  );
}
