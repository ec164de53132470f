import { Badge } from '@mantine/core';
import type { LiveStatus } from '../lib/live';

/** Whether a screen's live updates arrive: 'Live', or a yellow note while it connects again. */
export function LiveBadge({ live, label }: { live: LiveStatus; label: string }) {
  return (
    <Badge color={live === 'live' ? 'brand' : 'yellow.4'} variant={live === 'live' ? 'light' : 'filled'} autoContrast role="status">
      {label}
    </Badge>
  );
}
