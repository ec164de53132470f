import { useCallback, useState } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';
import { NO_FILTERS, parseStoredFilters, type MemberFilters } from './member-filters';

/** The work view's filters, remembered across visits in localStorage `processorViewSelectedFilters`. */
export function useMemberFilters(): { filters: MemberFilters; setFilters: (next: MemberFilters) => void; resetFilters: () => void } {
  const [filters, setState] = useState<MemberFilters>(() => parseStoredFilters(readStored(STORAGE_KEYS.processorViewSelectedFilters)));
  const setFilters = useCallback((next: MemberFilters) => {
    setState(next);
    writeStored(STORAGE_KEYS.processorViewSelectedFilters, next);
  }, []);
  const resetFilters = useCallback(() => setFilters(NO_FILTERS), [setFilters]);
  return { filters, setFilters, resetFilters };
}
