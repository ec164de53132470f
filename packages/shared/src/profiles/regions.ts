import type { HolidayCountry } from './profiles.schemas.js';

/**
 * The states and cantons a location may name for its public holidays, with their codes as the
 * holiday calendar knows them (date-holidays; a server test keeps both lists equal). German
 * names: the product's first language, and how practices know their own state.
 */
export const HOLIDAY_REGIONS: Record<HolidayCountry, { code: string; name: string }[]> = {
  AT: [
    { code: '1', name: 'Burgenland' },
    { code: '2', name: 'Kärnten' },
    { code: '3', name: 'Niederösterreich' },
    { code: '4', name: 'Oberösterreich' },
    { code: '5', name: 'Salzburg' },
    { code: '6', name: 'Steiermark' },
    { code: '7', name: 'Tirol' },
    { code: '8', name: 'Vorarlberg' },
    { code: '9', name: 'Wien' },
  ],
  DE: [
    { code: 'BW', name: 'Baden-Württemberg' },
    { code: 'BY', name: 'Bayern' },
    { code: 'BE', name: 'Berlin' },
    { code: 'BB', name: 'Brandenburg' },
    { code: 'HB', name: 'Bremen' },
    { code: 'HH', name: 'Hamburg' },
    { code: 'HE', name: 'Hessen' },
    { code: 'MV', name: 'Mecklenburg-Vorpommern' },
    { code: 'NI', name: 'Niedersachsen' },
    { code: 'NW', name: 'Nordrhein-Westfalen' },
    { code: 'RP', name: 'Rheinland-Pfalz' },
    { code: 'SL', name: 'Saarland' },
    { code: 'SN', name: 'Sachsen' },
    { code: 'ST', name: 'Sachsen-Anhalt' },
    { code: 'SH', name: 'Schleswig-Holstein' },
    { code: 'TH', name: 'Thüringen' },
  ],
  CH: [
    { code: 'AG', name: 'Aargau' },
    { code: 'AI', name: 'Appenzell Innerrhoden' },
    { code: 'AR', name: 'Appenzell Ausserrhoden' },
    { code: 'BE', name: 'Bern' },
    { code: 'BL', name: 'Basel-Landschaft' },
    { code: 'BS', name: 'Basel-Stadt' },
    { code: 'FR', name: 'Freiburg' },
    { code: 'GE', name: 'Genf' },
    { code: 'GL', name: 'Glarus' },
    { code: 'GR', name: 'Graubünden' },
    { code: 'JU', name: 'Jura' },
    { code: 'LU', name: 'Luzern' },
    { code: 'NE', name: 'Neuenburg' },
    { code: 'NW', name: 'Nidwalden' },
    { code: 'OW', name: 'Obwalden' },
    { code: 'SG', name: 'St. Gallen' },
    { code: 'SH', name: 'Schaffhausen' },
    { code: 'SO', name: 'Solothurn' },
    { code: 'SZ', name: 'Schwyz' },
    { code: 'TG', name: 'Thurgau' },
    { code: 'TI', name: 'Tessin' },
    { code: 'UR', name: 'Uri' },
    { code: 'VD', name: 'Waadt' },
    { code: 'VS', name: 'Wallis' },
    { code: 'ZG', name: 'Zug' },
    { code: 'ZH', name: 'Zürich' },
  ],
};

/** The time zone a location in this country most likely has. */
export const COUNTRY_TIME_ZONES: Record<HolidayCountry, string> = { AT: 'Europe/Vienna', DE: 'Europe/Berlin', CH: 'Europe/Zurich' };
