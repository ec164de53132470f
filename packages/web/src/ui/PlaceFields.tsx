import { Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COUNTRY_TIME_ZONES, HOLIDAY_COUNTRIES, HOLIDAY_REGIONS, type HolidayCountry } from '@wartefrei/shared';

/** Every IANA zone the browser knows; old browsers get the countries' own. */
const timeZones = (): string[] => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : Object.values(COUNTRY_TIME_ZONES));

export interface PlaceValues {
  country: string;
  /** A holiday region code of the country, or '' for none. */
  region: string;
  time_zone: string;
}

interface PlaceFieldsProps {
  values: PlaceValues;
  errors: Record<string, string>;
  onChange: <K extends keyof PlaceValues>(field: K, value: PlaceValues[K]) => void;
}

/**
 * Where a location is: country, holiday region (the public holidays its schedules skip) and time
 * zone. A new country empties the region and proposes the country's zone. Used by the onboarding's
 * first step and the management's location dialog, so both offer the same regions.
 */
export function PlaceFields({ values, errors, onChange }: PlaceFieldsProps) {
  const { t } = useTranslation('management');
  const country = values.country as HolidayCountry;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('lists.location.country')}
          data={HOLIDAY_COUNTRIES.map((code) => ({ value: code, label: t(`lists.countries.${code}`) }))}
          value={values.country}
          allowDeselect={false}
          onChange={(value) => {
            if (!value) return;
            onChange('country', value);
            onChange('region', '');
            onChange('time_zone', COUNTRY_TIME_ZONES[value as HolidayCountry]);
          }}
          error={errors.country}
        />
        <Select
          label={t('lists.location.region')}
          data={[{ value: '', label: t('lists.location.regionNone') }, ...(HOLIDAY_REGIONS[country] ?? []).map((r) => ({ value: r.code, label: r.name }))]}
          value={values.region}
          allowDeselect={false}
          onChange={(value) => onChange('region', value ?? '')}
          error={errors.region}
        />
      </SimpleGrid>
      <Select
        label={t('lists.location.timeZone')}
        data={timeZones()}
        searchable
        value={values.time_zone}
        allowDeselect={false}
        onChange={(value) => value && onChange('time_zone', value)}
        error={errors.time_zone}
      />
    </>
  );
}
