import { Button, Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_ORIGINS, MEMBER_SEARCH_MAX_LENGTH, MEMBER_STATUSES, type MemberOrigin, type MemberStatus, type RoleView } from '@wartefrei/shared';
import { hasFilters, type MemberFilters } from './member-filters';

interface MemberFilterBarProps {
  filters: MemberFilters;
  /** Which filters the list's view configuration shows the caller's role. */
  shown: RoleView['filters'];
  onChange: (next: MemberFilters) => void;
  onReset: () => void;
}

/** Status, origin and a search; no status chosen lists the open tickets (the server's default). */
export function MemberFilterBar({ filters, shown, onChange, onReset }: MemberFilterBarProps) {
  const { t } = useTranslation('processor');
  const [search, setSearch] = useState(filters.q);
  // Typing fires one request after a pause, not one per key.
  const commitSearch = useDebouncedCallback((q: string) => onChange({ ...filters, q }), 300);
  if (!shown.search && !shown.status && !shown.origin) return null;

  return (
    <Stack gap="xs" component="section" aria-label={t('filters.label')}>
      <Group gap="lg" align="flex-end" wrap="wrap">
        {shown.search && (
          <TextInput
            label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              commitSearch(event.currentTarget.value);
            }}
            maxLength={MEMBER_SEARCH_MAX_LENGTH}
            w={{ base: '100%', sm: 260 }}
          />
        )}
        {hasFilters(filters) && (
          <Button
            variant="subtle"
            onClick={() => {
              setSearch('');
              onReset();
            }}
          >
            {t('filters.reset')}
          </Button>
        )}
      </Group>
      {shown.status && (
        <Group gap="xs" wrap="wrap" role="group" aria-labelledby="processor-filter-status">
          <Text size="sm" fw={500} id="processor-filter-status">
            {t('filters.status')}
          </Text>
          <Chip.Group multiple value={filters.status} onChange={(status) => onChange({ ...filters, status: status as MemberStatus[] })}>
            {MEMBER_STATUSES.map((status) => (
              <Chip key={status} value={status} size="xs">
                {t(`status.${status}`)}
              </Chip>
            ))}
          </Chip.Group>
        </Group>
      )}
      {shown.origin && (
        <Group gap="xs" wrap="wrap" role="group" aria-labelledby="processor-filter-origin">
          <Text size="sm" fw={500} id="processor-filter-origin">
            {t('filters.origin')}
          </Text>
          <Chip.Group multiple value={filters.origin} onChange={(origin) => onChange({ ...filters, origin: origin as MemberOrigin[] })}>
            {MEMBER_ORIGINS.map((origin) => (
              <Chip key={origin} value={origin} size="xs">
                {t(`origin.${origin}`)}
              </Chip>
            ))}
          </Chip.Group>
        </Group>
      )}
    </Stack>
  );
}
