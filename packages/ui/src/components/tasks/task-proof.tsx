import type { Task } from '@khel/core/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskProofInput } from '../../api/task-proofs.ts';
import { useErrorMessage } from '../../hooks/use-error-message.ts';
import { imageProofProblem, isProofLink } from '../../lib/task-view.ts';
import { Button } from '../button.tsx';
import { Field } from '../field.tsx';
import { SubmitForm } from '../submit-form.tsx';

/**
 * The proof a task wants before it is validated: a text (v1), a link (v2) or a JPEG image (v3).
 * `ensureReady` signs the visitor in and starts the quest first; false stops the send.
 */
export function TaskProof({
  sendProof,
  task,
  hasProof,
  ensureReady,
}: {
  sendProof: (proof: TaskProofInput) => Promise<unknown>;
  task: Task & { proof: NonNullable<Task['proof']> };
  hasProof: boolean;
  ensureReady: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const proof = useMutation({ mutationFn: sendProof });
  const [value, setValue] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = proof.isPending;
  const failure = proof.error;
  const taskId = task.id;

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
    if (task.proof === 'image' && file) proof.mutate({ taskId, kind: 'image', image: file });
    else if (task.proof === 'link') proof.mutate({ taskId, kind: 'link', link: value.trim() });
    else proof.mutate({ taskId, kind: 'text', text: value.trim() });
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
