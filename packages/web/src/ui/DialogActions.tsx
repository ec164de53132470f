import { Button, Group } from '@mantine/core';

interface DialogActionsProps {
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
  busy: boolean;
  /** The submit undoes or weakens something (removing a second factor): it is red. */
  danger?: boolean;
}

/**
 * The foot of a form in a dialog: cancel (closes, saves nothing) and the submit button, which
 * shows that it is busy. The one look of every form dialog's buttons.
 */
export function DialogActions({ onCancel, cancelLabel, submitLabel, busy, danger = false }: DialogActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" color={danger ? 'red.8' : undefined} loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}
