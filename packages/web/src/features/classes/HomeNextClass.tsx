import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../components/Card.tsx';
import { useOperator } from '../../lib/operator.ts';
import styles from './Classes.module.css';
import { useTimetable } from './queries.ts';
import { formatWhen } from './time.ts';

/** Home's card with the member's next booked class, where the operator has classes; nothing otherwise. */
export function HomeNextClass() {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const timetable = useTimetable(operator.classes !== null);
  if (!operator.classes || !timetable.data) return null;
  const next = timetable.data.sessions.find((s) => s.my_booking?.status === 'booked');
  return (
    <Card>
      <section aria-labelledby="home-next-class" className={styles.next}>
        <h2 id="home-next-class" className={styles.sectionTitle}>
          {t('classes.home.title')}
        </h2>
        {next ? (
          <p>
            <strong>{next.class_name}</strong> ·{' '}
            {formatWhen(next.starts_at, i18n.language, operator.timezone)} · {next.room}
          </p>
        ) : (
          <p>{t('classes.home.none')}</p>
        )}
        <p>
          <Link to="/classes">{t('classes.home.link')}</Link>
        </p>
      </section>
    </Card>
  );
}
