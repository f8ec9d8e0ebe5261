import { Spinner } from '../spinner.tsx';

/**
 * The two buttons under every money confirmation (buy, swap, store): spend now, or go back and change
 * it. Both are disabled while the request runs, so a double tap cannot send it twice.
 */
export function ConfirmActions({
  busy,
  confirmLabel,
  onConfirm,
  editLabel,
  onEdit,
}: {
  busy: boolean;
  confirmLabel: string;
  onConfirm: () => void;
  editLabel: string;
  onEdit: () => void;
}) {
  return (
    <div className="actions actions--stack">
      <button
        type="button"
        className="button button--primary button--block"
        onClick={onConfirm}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy && <Spinner size="sm" />}
        {confirmLabel}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={onEdit} disabled={busy}>
        {editLabel}
      </button>
    </div>
  );
}
