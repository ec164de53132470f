import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';

/** The pencil of every management list: opens the row's form; its label names the row ("Wien bearbeiten"). */
export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" aria-label={label} onClick={onClick}>
        <IconPencil size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
