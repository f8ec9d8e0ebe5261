import type { Profile } from '@khel/core/contract';
import { gamerHandle } from '@khel/core/format';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { UsernameField, useUsernameEditor } from './username-form.tsx';

/** sessionStorage: "Not now" was pressed in this session (the prompt comes back in the next one). */
const LATER_KEY = 'khel:username-prompt:later';

function laterChosen(): boolean {
  try {
    return sessionStorage.getItem(LATER_KEY) === '1';
  } catch {
    return false;
  }
}

function chooseLater() {
  try {
    sessionStorage.setItem(LATER_KEY, '1');
  } catch {
    // Storage refused: the prompt hides for as long as the page lives.
  }
}

/**
 * The first session's question: a user without a username picks one here, under the SPEC §5 rules of the
 * profile's form, and sees meanwhile the handle every board, clan list and push shows for them (`Gamer-…`,
 * made from the account id). "Not now" hides it for the session. Its own chunk with the account texts,
 * loaded only for a user who has no username.
 */
export function UsernamePrompt({ profile }: { profile: Profile }) {
  useTextPart('account');
  const { t } = useTranslation();
  const titleId = useId();
  const editor = useUsernameEditor(profile);
  const [later, setLater] = useState(laterChosen);
  if (later) return null;
  return (
    <section className="card username-prompt" aria-labelledby={titleId} data-testid="username-prompt">
      <h2 className="section-title" id={titleId}>
        {t('account.profile.usernamePrompt.title')}
      </h2>
      <p className="username-prompt__lead">
        {t('account.profile.usernamePrompt.lead', { handle: gamerHandle(profile.id) })}
      </p>
      <SubmitForm onSubmit={editor.submit}>
        <UsernameField {...editor.field} />
        {editor.error && <Notice tone="error">{editor.error}</Notice>}
        <div className="actions">
          <Button type="submit" variant="primary" disabled={!editor.canSave} busy={editor.saving}>
            {t('account.profile.username.save')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              chooseLater();
              setLater(true);
            }}
          >
            {t('account.profile.usernamePrompt.later')}
          </Button>
        </div>
      </SubmitForm>
    </section>
  );
}
