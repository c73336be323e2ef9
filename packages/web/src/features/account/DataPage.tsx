import type { DataExport } from '@portal/contract';
import { todayIn } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BackToMembership } from '../../components/ActionResult.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Notice } from '../../components/Notice.tsx';
import prose from '../../components/Prose.module.css';
import { errorTexts } from '../../lib/errorText.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import { useOperator } from '../../lib/operator.ts';
import styles from './Account.module.css';
import { dataExportMutation } from './queries.ts';
import { saveJsonFile } from './saveFile.ts';

/** The file's parts as the page names them; class bookings only where the operator has classes. */
const included = (classes: boolean) =>
  [
    'profile',
    'membership',
    'entryPhones',
    'payments',
    'activity',
    ...(classes ? (['classes'] as const) : []),
    'sessions',
  ] as const;

/** /membership/data: "download my data" (GDPR art. 15 and 20) as a JSON file. */
export function DataPage() {
  const { t, i18n } = useTranslation();
  const membership = useLoadedMembership();
  const operator = useOperator();
  const id = useId();
  // Named like the server's attachment: membership number and the day of the export.
  const fileName = (data: DataExport) =>
    `member-data-${membership.membership_number}-${todayIn(operator.timezone, new Date(data.exported_at))}.json`;
  const download = useMutation(dataExportMutation((data) => saveJsonFile(data, fileName(data))));

  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className={styles.title}>
          {t('account.data.title')}
        </h2>
        <p>{t('account.data.intro')}</p>
        <h3 className={styles.subtitle}>{t('account.data.includedTitle')}</h3>
        <ul className={prose.points}>
          {included(operator.classes !== null).map((part) => (
            <li key={part}>{t(`account.data.included.${part}`)}</li>
          ))}
        </ul>
        <p className={styles.note}>{t('account.data.excluded')}</p>
        {download.isSuccess && (
          <Notice tone="success">{t('account.data.done', { file: fileName(download.data) })}</Notice>
        )}
        {download.isError && (
          <Notice tone="error" title={t('account.data.failed')}>
            {errorTexts(download.error, t, i18n.language).map((text) => (
              <p key={text}>{text}</p>
            ))}
          </Notice>
        )}
        <div className={styles.actions}>
          <Button
            busy={download.isPending}
            busyLabel={t('account.data.busy')}
            onClick={() => download.mutate()}
          >
            {download.isError ? t('account.data.retry') : t('account.data.submit')}
          </Button>
          <BackToMembership variant="secondary" />
        </div>
      </Card>
    </section>
  );
}
