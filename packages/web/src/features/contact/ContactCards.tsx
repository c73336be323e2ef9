import type { ContactInfo } from '@portal/contract';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card.tsx';
import { EmailLink } from '../../components/EmailLink.tsx';
import styles from './ContactPage.module.css';
import { ClubWeekTable, GroupedHours } from './OpeningHours.tsx';

type Point = ContactInfo['operator'] | NonNullable<ContactInfo['club']>;

/** A telephone number as a tel: address: digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
}

/** Phone, e-mail and address of a contact point, each only when known. */
function ContactLines({ point }: { point: Point }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.lines}>
      {point.phone && (
        <div>
          <dt>{t('contact.phone')}</dt>
          <dd>
            <a href={telHref(point.phone)} className={styles.strong}>
              {point.phone}
            </a>
          </dd>
        </div>
      )}
      {point.email && (
        <div>
          <dt>{t('contact.email')}</dt>
          <dd>
            <EmailLink email={point.email} className={styles.strong} />
          </dd>
        </div>
      )}
      {point.address_lines.length > 0 && (
        <div>
          <dt>{t('contact.address')}</dt>
          <dd>
            <address className={styles.address}>
              {point.address_lines.map((line, i) => (
                <Fragment key={line}>
                  {i > 0 && <br />}
                  {line}
                </Fragment>
              ))}
            </address>
          </dd>
        </div>
      )}
    </dl>
  );
}

export function ServiceCard({ operator }: { operator: ContactInfo['operator'] }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.section}>
      <Card className={styles.card}>
        <h2 id={id} className={styles.title}>
          {t('contact.service.title')}
        </h2>
        <p className={styles.muted}>{operator.name}</p>
        <ContactLines point={operator} />
        {operator.service_hours.length > 0 && (
          <>
            <h3 className={styles.subTitle}>{t('contact.service.hours')}</h3>
            <GroupedHours hours={operator.service_hours} />
          </>
        )}
      </Card>
    </section>
  );
}

export function ClubCard({ club }: { club: ContactInfo['club'] }) {
  const { t } = useTranslation();
  const id = useId();
  const hoursId = useId();
  return (
    <section aria-labelledby={id} className={styles.section}>
      <Card className={styles.card}>
        <h2 id={id} className={styles.title}>
          {t('contact.club')}
        </h2>
        {club ? (
          <>
            <p className={styles.clubName}>{club.name}</p>
            <ContactLines point={club} />
            <h3 id={hoursId} className={styles.subTitle}>
              {t('contact.hours.title')}
            </h3>
            <ClubWeekTable labelledBy={hoursId} opening={club.opening_hours} staffed={club.staffed_hours} />
            <p className={styles.note}>{t('contact.hours.staffedNote')}</p>
          </>
        ) : (
          <p>{t('contact.noClub')}</p>
        )}
      </Card>
    </section>
  );
}
