import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useRemindCampaign } from '../api/remind-campaign.ts';

/**
 * "Notify me" under an upcoming campaign's COMING_SOON button: the Telegram bot tells the user once
 * when it goes live. A visitor is asked to sign in first.
 */
export function CampaignReminder(props: {
  campaignId: string;
  signedIn: boolean;
  reminded: boolean;
  onSignIn: () => void;
}) {
  const { t } = useTranslation();
  const remind = useRemindCampaign(props.campaignId);
  const describeError = useErrorMessage();
  if (!props.signedIn)
    return (
      <Button variant="secondary" block onClick={props.onSignIn} data-action="remind">
        {t('campaigns.remind.ask')}
      </Button>
    );
  return (
    <div className="campaign-reminder">
      {props.reminded ? (
        <>
          <Notice tone="success">{t('campaigns.remind.set')}</Notice>
          <Button
            variant="ghost"
            block
            busy={remind.isPending}
            onClick={() => remind.mutate(false)}
            data-action="unremind"
          >
            {t('campaigns.remind.cancel')}
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          block
          busy={remind.isPending}
          onClick={() => remind.mutate(true)}
          data-action="remind"
        >
          {t('campaigns.remind.ask')}
        </Button>
      )}
      {remind.isError && <Notice tone="error">{describeError(remind.error)}</Notice>}
    </div>
  );
}
