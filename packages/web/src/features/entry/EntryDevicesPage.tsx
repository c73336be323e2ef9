import { ENTRY_DEVICE_LIMIT, type EntryDevice } from '@portal/contract';
import { canUseChipServices, deviceLabel } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackToMembership } from '../../components/ActionResult.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Field } from '../../components/Field.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Notice } from '../../components/Notice.tsx';
import { api } from '../../lib/api.ts';
import { errorTexts } from '../../lib/errorText.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import { useOperator } from '../../lib/operator.ts';
import { WalletCard } from './WalletCard.tsx';
import styles from './Entry.module.css';
import { forgetEntryDevice, readEntryDevice, storeEntryDevice } from './entryStore.ts';

const devicesQuery = () =>
  queryOptions({ queryKey: ['entryDevices'], queryFn: ({ signal }) => api('entryDevices', { signal }) });

/** The id of the device this browser holds, once IndexedDB has answered. */
function useThisDevice(operator: string) {
  const [id, setId] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    readEntryDevice(operator).then((device) => setId(device?.deviceId ?? null));
  }, [operator]);
  return [id, setId] as const;
}

/**
 * /entry: phone entry set-up on this phone, the member's devices with "Remove" (a lost phone),
 * and the way to the full-screen code (docs/access-and-pins.md, "Phone entry").
 */
export function EntryDevicesPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const operator = useOperator();
  const membership = useLoadedMembership();
  const titleId = useId();
  const listId = useId();
  const client = useQueryClient();
  const devices = useQuery(devicesQuery());
  const [thisDevice, setThisDevice] = useThisDevice(operator.id);
  const [name, setName] = useState(() => deviceLabel(navigator.userAgent) ?? '');
  const [removed, setRemoved] = useState<string | null>(null);

  const setUp = useMutation({
    mutationFn: async (deviceName: string) => {
      const created = await api('createEntryDevice', { body: { name: deviceName } });
      await storeEntryDevice(operator.id, {
        deviceId: created.device_id,
        secret: created.secret,
        name: deviceName,
      });
      return created;
    },
    onSuccess: async (created) => {
      setThisDevice(created.device_id);
      await client.invalidateQueries({ queryKey: ['entryDevices'] });
    },
  });
  const remove = useMutation({
    mutationFn: async (device: EntryDevice) => {
      await api('removeEntryDevice', { params: { id: device.device_id } });
      if (device.device_id === thisDevice) await forgetEntryDevice(operator.id);
      return device;
    },
    onSuccess: async (device) => {
      setRemoved(device.name);
      if (device.device_id === thisDevice) setThisDevice(null);
      await client.invalidateQueries({ queryKey: ['entryDevices'] });
    },
  });

  const allowed = canUseChipServices(membership.status);
  const list = devices.data ?? [];
  const holdsOne = thisDevice ? list.some((d) => d.device_id === thisDevice) : false;

  return (
    <section aria-labelledby={titleId}>
      <Card>
        <h2 id={titleId} className={styles.title}>
          {t('entry.devices.title')}
        </h2>
        <p>{t('entry.devices.intro')}</p>
        {removed && <Notice tone="success">{t('entry.devices.removed', { name: removed })}</Notice>}
        {holdsOne ? (
          <ButtonLink to="/entry-code" fullWidth>
            {t('entry.shortcut.show')}
          </ButtonLink>
        ) : !allowed ? (
          <Notice tone="info">{t('entry.devices.notAllowed')}</Notice>
        ) : devices.isSuccess && list.length >= ENTRY_DEVICE_LIMIT ? (
          <Notice tone="info">{t('entry.devices.limit', { count: ENTRY_DEVICE_LIMIT })}</Notice>
        ) : (
          <form
            className={styles.form}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!setUp.isPending && name.trim()) setUp.mutate(name.trim());
            }}
          >
            <Field
              label={t('entry.devices.nameLabel')}
              hint={t('entry.devices.nameHint')}
              value={name}
              maxLength={60}
              onChange={(event) => setName(event.target.value)}
              error={name.trim() === '' ? t('entry.devices.nameRequired') : undefined}
            />
            {setUp.isError && <Notice tone="error">{errorTexts(setUp.error, t, locale).join(' ')}</Notice>}
            <Button type="submit" busy={setUp.isPending} busyLabel={t('entry.devices.busy')}>
              {t('entry.devices.setUp')}
            </Button>
          </form>
        )}
      </Card>
      <Card>
        <h2 id={listId} className={styles.title}>
          {t('entry.devices.listTitle')}
        </h2>
        {devices.isPending ? (
          <Loading label={t('common.loading')} />
        ) : devices.isError ? (
          <ErrorState error={devices.error} onRetry={() => devices.refetch()} />
        ) : list.length === 0 ? (
          <p className={styles.muted}>{t('entry.devices.none')}</p>
        ) : (
          <ul className={styles.devices} aria-labelledby={listId}>
            {list.map((device) => (
              <li key={device.device_id} className={styles.device}>
                <div>
                  <p className={styles.deviceName}>
                    {device.name}
                    {device.device_id === thisDevice && ` (${t('entry.devices.thisOne')})`}
                  </p>
                  <p className={styles.muted}>
                    {t('entry.devices.added', {
                      date: formatDateTime(device.created_at, locale, membership.operator.timezone),
                    })}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  busy={remove.isPending && remove.variables?.device_id === device.device_id}
                  busyLabel={t('entry.devices.removing')}
                  aria-label={t('entry.devices.removeNamed', { name: device.name })}
                  onClick={() => {
                    if (!remove.isPending) remove.mutate(device);
                  }}
                >
                  {t('entry.devices.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {remove.isError && <Notice tone="error">{errorTexts(remove.error, t, locale).join(' ')}</Notice>}
        <BackToMembership variant="secondary" />
      </Card>
      <WalletCard />
    </section>
  );
}
