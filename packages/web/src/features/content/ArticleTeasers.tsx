import type { ArticleTeaser } from '@portal/contract';
import { isPortalRoute } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/i18n.ts';
import { publicUrl } from '../../lib/theme.ts';
import styles from './Content.module.css';
import { ContentLink } from './ContentLink.tsx';
import { homeContentQuery } from './queries.ts';

/** The images' intrinsic size (packages/web/public/content): set on the img, so nothing moves when they arrive. */
const IMAGE_WIDTH = 640;
const IMAGE_HEIGHT = 360;

/**
 * Home's article teasers, at the bottom of the page. They come with the highlights (one
 * call): while it loads and when it failed, the highlights show it, so this shows nothing.
 */
export function ArticleTeasers() {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const content = useQuery({ ...homeContentQuery(locale), placeholderData: keepPreviousData });
  const articles = content.data?.articles ?? [];
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className={`${styles.section} ${styles.bottom}`}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {t('content.articles')}
      </h2>
      <ul className={styles.articles}>
        {articles.map((article) => (
          <Teaser key={`${article.link}:${article.title}`} article={article} />
        ))}
      </ul>
    </section>
  );
}

function Teaser({ article }: { article: ArticleTeaser }) {
  return (
    <li className={styles.article}>
      {isPortalRoute(article.imageURL) && (
        // The title says what the picture shows: it is decoration (alt="").
        <img
          className={styles.image}
          src={publicUrl(article.imageURL)}
          alt=""
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          loading="lazy"
          decoding="async"
        />
      )}
      <div className={styles.articleText}>
        <h3 className={styles.articleTitle}>
          <ContentLink to={article.link} className={styles.stretched}>
            {article.title}
          </ContentLink>
        </h3>
        <p className={styles.body}>{article.body}</p>
      </div>
    </li>
  );
}
