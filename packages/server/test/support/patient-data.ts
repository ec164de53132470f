/**
 * A patient record's personal fields as a caller without patients:read reads them: blank. What a
 * key may see is stated here once, for the presenter's table test and the routes' test alike.
 */
export const BLANK_PATIENT_FIELDS = {
  display_name: null,
  first_name: null,
  last_name: null,
  birth_date: null,
  insurance_number: null,
  mail: null,
  phone: null,
  sealed_data: null,
} as const;
