import { Button } from '../button.tsx';

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
      <Button variant="primary" block onClick={onConfirm} busy={busy}>
        {confirmLabel}
      </Button>
      <Button variant="ghost" block onClick={onEdit} disabled={busy}>
        {editLabel}
      </Button>
    </div>
  );
}
