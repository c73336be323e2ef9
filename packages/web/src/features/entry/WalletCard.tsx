import { canUseChipServices } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Notice } from '../../components/Notice.tsx';
import { api } from '../../lib/api.ts';
import { errorTexts } from '../../lib/errorText.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import styles from './Wallet.module.css';
import { downloadApplePass } from './walletPasses.ts';

/**
 * The membership card for Apple Wallet and Google Wallet, with the platforms' own button
 * wording, and removal of the wallet code (docs/access-and-pins.md, "Wallet passes").
 */
export function WalletCard() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const membership = useLoadedMembership();
  const titleId = useId();
  const apple = useMutation({ mutationFn: downloadApplePass, meta: { reloadMembership: false } });
  const google = useMutation({
    mutationFn: () => api('googleWalletPass'),
    onSuccess: ({ url }) => window.location.assign(url),
    meta: { reloadMembership: false },
  });
  const remove = useMutation({
    mutationFn: () => api('removeWalletCode'),
    meta: { reloadMembership: false },
  });

  if (!canUseChipServices(membership.status)) return null;
  const failed = [apple, google, remove].find((m) => m.isError)?.error;

  return (
    <Card>
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.title}>
          {t('wallet.title')}
        </h2>
        <p>{t('wallet.intro')}</p>
        <div className={styles.buttons}>
          <Button
            busy={apple.isPending}
            busyLabel={t('wallet.busy')}
            onClick={() => {
              if (!apple.isPending) apple.mutate();
            }}
          >
            {t('wallet.apple')}
          </Button>
          <Button
            busy={google.isPending}
            busyLabel={t('wallet.busy')}
            onClick={() => {
              if (!google.isPending) google.mutate();
            }}
          >
            {t('wallet.google')}
          </Button>
        </div>
        {failed && <Notice tone="error">{errorTexts(failed, t, locale).join(' ')}</Notice>}
        <p className={styles.muted}>{t('wallet.removeHint')}</p>
        {remove.isSuccess && <Notice tone="success">{t('wallet.removed')}</Notice>}
        <Button
          variant="secondary"
          busy={remove.isPending}
          busyLabel={t('wallet.removing')}
          onClick={() => {
            if (!remove.isPending) remove.mutate();
          }}
        >
          {t('wallet.remove')}
        </Button>
      </section>
    </Card>
  );
}
