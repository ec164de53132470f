/*
 * Which patient data is sealed while encryption is on, without zod: the patients' pages seal
 * with it and stay within their size budget (bench/).
 */

/** Mail and phone stay readable by the server: it sends to them. */
export const SEALED_PATIENT_FIELDS = ['display_name', 'first_name', 'last_name', 'birth_date', 'insurance_number'] as const;
export type SealedPatientField = (typeof SEALED_PATIENT_FIELDS)[number];

/** A free-text answer is sealed under `answer:<question id>`. */
export const sealedAnswerKey = (questionId: string) => `answer:${questionId}`;

/** What a patient's browser seals for (the public views name it while the practice encrypts). */
export interface SealingKeyShape {
  key_id: string;
  public_key: string;
}
