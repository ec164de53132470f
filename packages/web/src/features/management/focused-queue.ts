import { createContext, useContext } from 'react';
import type { Queue } from '@wartefrei/shared';

/**
 * The list a deep link (`/backend/management/:queueId/:subMenu`) opened the management for: the
 * tabs show that list's part (its form, schedule, processors, …) instead of their first list.
 */
export const FocusedQueueContext = createContext<Queue | undefined>(undefined);

/** The deep-linked list, or undefined in the plain `?tab=` management. */
export function useFocusedQueue(): Queue | undefined {
  return useContext(FocusedQueueContext);
}
