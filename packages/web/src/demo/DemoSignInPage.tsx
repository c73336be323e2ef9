import type { OperatorId } from '@portal/contract';
import { DEMO_PASSWORD, demoUsername, PERSONA_STATUS, PERSONAS, type Persona } from '@portal/demo-data';
import { getOperator, operatorIds } from '@portal/domain';
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../components/Notice.tsx';
import { RadioGroup } from '../components/RadioGroup.tsx';
import { AuthCard } from '../features/auth/AuthCard.tsx';
import { api } from '../lib/api.ts';
import { useOperator } from '../lib/operator.ts';
import { session } from '../lib/session.ts';
import { useAction } from '../lib/useAction.ts';
import { chooseOperator } from './chooseOperator.ts';
import { demoApi } from './state.ts';
import styles from './Demo.module.css';

/** The country in the page's language (Intl), the brand beside it: three operators share one. */
function useOperatorOptions() {
  const { i18n } = useTranslation();
  const regions = new Intl.DisplayNames([i18n.language], { type: 'region' });
  return operatorIds.map((id) => {
    const operator = getOperator(id);
    return { value: id, label: regions.of(operator.country) ?? operator.country, hint: operator.brand };
  });
}

const STEPS = ['engine', 'tables', 'members', 'ready'] as const;

/**
 * While the demo's database starts (a few seconds on the first visit of a tab): which step
 * it is at. The members can be picked meanwhile; their sign-in waits for it.
 */
function Starting() {
  const { t } = useTranslation();
  const step = useSyncExternalStore(demoApi.subscribe, demoApi.step);
  return (
    <div className={styles.starting} role="status">
      {step !== 'ready' && (
        <>
          <progress
            className={styles.progress}
            max={STEPS.length - 1}
            value={STEPS.indexOf(step)}
            aria-label={t('demo.signIn.starting.label')}
          />
          <span>{t(`demo.signIn.starting.${step}`)}</span>
        </>
      )}
    </div>
  );
}

/**
 * The demo build's sign-in (instead of the login form): an operator, whose theme and
 * language apply at once, then a member, one per persona, signed in through the
 * contract's `authenticate` as the login form would.
 */
export function DemoSignInPage() {
  const { t } = useTranslation();
  const operator = useOperator();
  const membersId = useId();
  const errorRef = useRef<HTMLDivElement>(null);
  const [picked, setPicked] = useState<Persona | null>(null);
  // The operator being switched to: checked at once, while its theme and language load.
  const [switching, setSwitching] = useState<OperatorId | null>(null);
  const options = useOperatorOptions();

  const signIn = useAction(
    useCallback(
      async (persona: Persona) => {
        setPicked(persona);
        const answer = await api('authenticate', {
          body: {
            username: demoUsername(persona, operator.id),
            password: DEMO_PASSWORD,
            operator_id: operator.id,
          },
        });
        session.signIn(answer.token);
      },
      [operator.id],
    ),
  );

  useEffect(() => {
    if (signIn.isError) errorRef.current?.focus();
  }, [signIn.isError]);

  return (
    <AuthCard title={t('demo.signIn.title')} intro={t('demo.signIn.intro')}>
      <RadioGroup<OperatorId>
        name="demo-operator"
        legend={t('demo.signIn.operator')}
        options={options}
        value={switching ?? operator.id}
        onChange={(id) => {
          setSwitching(id);
          void chooseOperator(id).finally(() => setSwitching((current) => (current === id ? null : current)));
        }}
      />
      <h2 id={membersId} className={styles.membersTitle}>
        {t('demo.signIn.members')}
      </h2>
      <p className={styles.membersHint}>{t('demo.signIn.membersHint')}</p>
      <Starting />
      {signIn.isError && (
        <Notice tone="error" ref={errorRef}>
          {t('demo.signIn.failed')}
        </Notice>
      )}
      <ul className={styles.personas} aria-labelledby={membersId}>
        {PERSONAS.map((persona) => {
          const busy = signIn.isPending && picked === persona;
          const name = t(`demo.personas.${persona}.name`);
          const status = t(`statusName.${PERSONA_STATUS[persona]}`);
          return (
            <li key={persona}>
              <button
                type="button"
                className={styles.persona}
                aria-busy={busy || undefined}
                onClick={() => void signIn.run(persona)}
              >
                <span className={styles.personaName}>{name}</span>
                {/* The status, unless the persona is one (its name says it already). */}
                {PERSONA_STATUS[persona] !== persona && <span className={styles.status}>{status}</span>}
                <span className={styles.personaText}>
                  {busy ? t('auth.login.submitting') : t(`demo.personas.${persona}.text`)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </AuthCard>
  );
}
