import '../clans.css';
import type { ClanStatus } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { Link } from '../../../routing/index.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { useClan } from '../api/get-clan.ts';
import { useClanConfig } from '../api/get-clan-config.ts';
import { useClanStatus } from '../api/get-clan-status.ts';
import { ChiefDashboard } from './chief-dashboard.tsx';
import { ChiefRegistrationForm } from './chief-registration-form.tsx';
import type { ClanShareOptions } from './clan-invite.tsx';
import { CreateClanForm } from './create-clan-form.tsx';

type Step = 'register' | 'create' | 'lead';

/** Register → Create your clan → Lead, as a game's quest steps. */
function Steps({ current }: { current: Step }) {
  const { t } = useTranslation();
  const steps: Step[] = ['register', 'create', 'lead'];
  const index = steps.indexOf(current);
  return (
    <ol className="chief-steps" aria-label={t('clans.chief.steps.label')}>
      {steps.map((s, i) => (
        <li
          key={s}
          className={`chief-steps__step${i < index ? ' chief-steps__step--done' : ''}${i === index ? ' chief-steps__step--current' : ''}`}
          aria-current={i === index ? 'step' : undefined}
        >
          <span className="chief-steps__dot">{i < index ? '✓' : i + 1}</span>
          <span>{t(`clans.chief.steps.${s}`)}</span>
        </li>
      ))}
    </ol>
  );
}

function Hero() {
  const { t } = useTranslation();
  const config = useClanConfig();
  return (
    <header className="clans-hero clans-hero--chief">
      <span className="clans-hero__crown" aria-hidden="true">
        👑
      </span>
      <h1 className="page-title">{t('clans.chief.heroTitle')}</h1>
      <p className="clans-hero__intro">{t('clans.chief.heroText')}</p>
      {config.data?.handbookUrl && (
        <a
          className="clans-hero__link"
          href={config.data.handbookUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          📘 {t('clans.chief.handbook')}
        </a>
      )}
    </header>
  );
}

function ChiefClan({
  status,
  openShare,
}: { status: ClanStatus & { clan: NonNullable<ClanStatus['clan']> } } & ClanShareOptions) {
  const describeError = useErrorMessage();
  const clan = useClan(status.clan.id);
  if (clan.isPending) return <LoadingState skeletonLines={5} />;
  if (clan.isError)
    return <ErrorState message={describeError(clan.error)} onRetry={() => void clan.refetch()} />;
  return <ChiefDashboard clan={clan.data} status={status} openShare={openShare} />;
}

/** /clan-chief/ for a signed-in user: registration, create your clan, or the chief's dashboard. */
export function SignedInChief({ openShare }: ClanShareOptions) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const status = useClanStatus();
  if (status.isPending) return <LoadingState skeletonLines={4} />;
  if (status.isError)
    return <ErrorState message={describeError(status.error)} onRetry={() => void status.refetch()} />;
  const data = status.data;
  if (data.role === 'Chief' && data.clan)
    return (
      <>
        <Steps current="lead" />
        <ChiefClan status={{ ...data, clan: data.clan }} openShare={openShare} />
      </>
    );
  if (data.role === 'Member' && data.clan)
    return (
      <>
        <Hero />
        <Notice tone="info" as="div" className="chief-member-notice">
          <p>{t('clans.chief.memberNotice', { name: data.clan.clanName })}</p>
          <Link className="button button--secondary" to="/my-clan">
            {t('clans.page.openMyClan')}
          </Link>
        </Notice>
      </>
    );
  const registered = data.registration?.complete === true;
  return (
    <>
      <Hero />
      <Steps current={registered ? 'create' : 'register'} />
      {registered ? (
        <CreateClanForm status={data} />
      ) : (
        <ChiefRegistrationForm registration={data.registration} />
      )}
    </>
  );
}

/**
 * /clan-chief/: a visitor signs in first; then the chief registration (SPEC §3 fields, the phone
 * verified by OTP inside the form), "Create your clan", and the chief's dashboard once the clan exists.
 */
export function ClanChiefScreen({ openShare }: ClanShareOptions = {}) {
  useTextPart('clans');
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const openModal = useUiStore((s) => s.openModal);
  return (
    <Page title={t('clans.chief.title')}>
      {signedIn ? (
        <SignedInChief openShare={openShare} />
      ) : (
        <>
          <Hero />
          <section className="card clan-form clan-signin">
            <p>{t('clans.chief.signIn')}</p>
            <Button variant="primary" block onClick={() => openModal('login')}>
              {t('clans.chief.signInButton')}
            </Button>
          </section>
        </>
      )}
    </Page>
  );
}
