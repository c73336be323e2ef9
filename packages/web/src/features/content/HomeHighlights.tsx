import type { Highlight } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card.tsx';
import { InlineRetry } from '../../components/InlineRetry.tsx';
import { Loading } from '../../components/Loading.tsx';
import { useLocale } from '../../lib/i18n.ts';
import styles from './Content.module.css';
import { HighlightIcon } from './ContentIcon.tsx';
import { ContentLink } from './ContentLink.tsx';
import { homeContentQuery } from './queries.ts';

/**
 * Home's highlights: news, hours and reminders the server chose for this member's status,
 * in the page's language. Loading shows a skeleton; nothing to show shows nothing; a failed
 * load says so in one quiet line with a retry (it stands for the article teasers too) and
 * leaves the rest of home alone.
 */
export function HomeHighlights() {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const content = useQuery({ ...homeContentQuery(locale), placeholderData: keepPreviousData });

  if (content.isPending)
    return (
      <Card>
        <Loading label={t('content.loading')} skeleton />
      </Card>
    );
  if (content.isError)
    return (
      <InlineRetry
        className={styles.failed}
        message={t('content.failed')}
        onRetry={() => void content.refetch()}
      />
    );
  const highlights = content.data.highlights;
  if (highlights.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {t('content.highlights')}
      </h2>
      <ul className={styles.highlights}>
        {highlights.map((highlight) => (
          <HighlightCard key={`${highlight.type}:${highlight.title}`} highlight={highlight} />
        ))}
      </ul>
    </section>
  );
}

function HighlightCard({ highlight }: { highlight: Highlight }) {
  const to = highlight.internal_url ?? highlight.external_url;
  return (
    <li className={styles.highlight} data-type={highlight.type}>
      <span className={styles.icon}>
        <HighlightIcon type={highlight.type} />
      </span>
      <div className={styles.text}>
        <h3 className={styles.highlightTitle}>
          <ContentLink to={to} className={styles.stretched}>
            {highlight.title}
          </ContentLink>
        </h3>
        <p className={styles.body}>{highlight.content}</p>
      </div>
    </li>
  );
}
