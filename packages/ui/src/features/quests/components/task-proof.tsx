import type { Task } from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useAddImageProof } from '../api/add-image-proof.ts';
import { useAddLinkProof } from '../api/add-link-proof.ts';
import { useAddTextProof } from '../api/add-text-proof.ts';
import { imageProofProblem, isProofLink } from '../lib/quest-view.ts';

/**
 * The proof a task wants before it is validated: a text (v1), a link (v2) or a JPEG image (v3).
 * `ensureReady` signs the visitor in and starts the quest first; false stops the send.
 */
export function TaskProof({
  questId,
  task,
  hasProof,
  ensureReady,
}: {
  questId: string;
  task: Task & { proof: NonNullable<Task['proof']> };
  hasProof: boolean;
  ensureReady: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const text = useAddTextProof();
  const link = useAddLinkProof();
  const image = useAddImageProof();
  const [value, setValue] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = text.isPending || link.isPending || image.isPending;
  const failure = text.error ?? link.error ?? image.error;
  const ids = { questId, taskId: task.id };

  const send = async () => {
    setProblem(null);
    if (task.proof === 'image') {
      if (!file) return setProblem(t('quests.task.proof.notJpeg'));
      const bad = imageProofProblem(file);
      if (bad) return setProblem(t(`quests.task.proof.${bad}`));
    } else if (value.trim() === '') {
      return setProblem(t('quests.task.required'));
    } else if (task.proof === 'link' && !isProofLink(value)) {
      return setProblem(t('quests.task.proof.badLink'));
    }
    if (!(await ensureReady())) return;
    if (task.proof === 'image' && file) image.mutate({ ...ids, image: file });
    else if (task.proof === 'link') link.mutate({ ...ids, link: value.trim() });
    else text.mutate({ ...ids, text: value.trim() });
  };

  const error = problem ?? (failure ? describeError(failure) : null);
  return (
    <SubmitForm className="task-proof" onSubmit={() => void send()} aria-label={t('quests.task.proof.title')}>
      {task.proof === 'image' ? (
        <Field
          label={t('quests.task.proof.image')}
          type="file"
          accept="image/jpeg"
          error={error ?? undefined}
          hint={hasProof ? t('quests.task.proof.sent') : undefined}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      ) : (
        <Field
          label={t(task.proof === 'link' ? 'quests.task.proof.link' : 'quests.task.proof.text')}
          type={task.proof === 'link' ? 'url' : 'text'}
          value={value}
          maxLength={task.proof === 'link' ? 500 : 1000}
          error={error ?? undefined}
          hint={hasProof ? t('quests.task.proof.sent') : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
      <Button type="submit" variant="secondary" size="small" busy={busy}>
        {t('quests.task.proof.send')}
      </Button>
    </SubmitForm>
  );
}
