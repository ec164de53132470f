import { Button, Group } from '@mantine/core';

/**
 * The foot of a form in a dialog: cancel (closes, saves nothing) and the submit button, which
 * shows that it is busy. The one look of every form dialog's buttons.
 */
export function DialogActions({ onCancel, cancelLabel, submitLabel, busy }: { onCancel: () => void; cancelLabel: string; submitLabel: string; busy: boolean }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}
