import { useQuery } from '@tanstack/react-query';
import { buttonVisibilityFor, nameOrderFor, type NameOrder, type Queue } from '@wartefrei/shared';
import { queryKeys } from '../../lib/query-keys';
import { fetchOwnProcessor, fetchServingProcessors } from './processor.api';

/** Who serves a row in processing, as the row shows them. */
export interface ServingProcessor {
  name: string;
  color: string | null;
}

/**
 * The work view of one queue as this processor sees it (docs/product.md#processor-settings): the
 * list's button visibility narrowed and its name order replaced by their own where set, and the
 * colour and name of whoever serves each row. Until the settings load, the list's apply.
 */
export function useProcessorSettings(queue: Queue): { nameOrder: NameOrder; buttonVisibility: Queue['button_visibility']; servers: Map<string, ServingProcessor> } {
  const own = useQuery({ queryKey: queryKeys.processors.me, queryFn: fetchOwnProcessor, staleTime: 60_000 });
  const serving = useQuery({ queryKey: queryKeys.queueProcessors.ofQueue(queue.id), queryFn: () => fetchServingProcessors(queue.id), staleTime: 60_000 });
  const mine = own.data;
  const listButtons = queue.button_visibility;
  const buttonVisibility = mine
    ? (Object.fromEntries(
        Object.entries(listButtons).map(([button, visibility]) => [button, buttonVisibilityFor(visibility, mine.button_visibility)]),
      ) as Queue['button_visibility'])
    : listButtons;
  const servers = new Map((serving.data ?? []).map((p) => [p.id, { name: p.display_name || p.username, color: p.color }]));
  // The caller serves rows of lists they are not assigned to (an admin): their own colour too.
  if (mine && !servers.has(mine.id)) servers.set(mine.id, { name: mine.display_name || mine.username, color: mine.color });
  return { nameOrder: mine ? nameOrderFor(queue.name_order, mine.name_order) : queue.name_order, buttonVisibility, servers };
}
