import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/connect.js';
import { infoTags, probingOptions, probingQuestions } from '../../db/schema/index.js';

interface Place {
  accountId: string;
  profileId: string;
  general: string;
  lab: string;
  talkTypeId: string;
}

/**
 * The demo location's online questionnaire (its location link asks it; the lists' own links and
 * the kiosk draw straight away): fever or cough → the general list with the info tag INF and a
 * mask notice; else blood test → the lab list, a visit → the general list, or an appointment.
 * Answers the info tag, which the history's feverish patients carry too.
 */
export async function seedDemoQuestionnaire(tx: Queryable, place: Place): Promise<{ infectionTagId: string }> {
  const [tag] = await tx
    .insert(infoTags)
    .values({ accountId: place.accountId, name: 'INF', label: 'Infekt', color: '#c92a2a', ticketText: 'Bitte tragen Sie eine Maske.' })
    .returning();
  const fever = randomUUID();
  const reason = randomUUID();
  const question = { accountId: place.accountId, profileId: place.profileId, variant: 'ONLINE' as const };
  await tx.insert(probingQuestions).values([
    { ...question, id: fever, text: 'Haben Sie Fieber oder Husten?', askFirst: true, position: 0 },
    { ...question, id: reason, text: 'Weshalb kommen Sie heute?', position: 1 },
  ]);
  await tx.insert(probingOptions).values([
    {
      questionId: fever,
      position: 0,
      text: 'Ja',
      action: 'QUEUE',
      targetQueueId: place.general,
      infoTagId: tag!.id,
      message: 'Bitte setzen Sie eine Maske auf und warten Sie im Infektwarteraum neben dem Eingang.',
      buttonText: 'Verstanden',
    },
    { questionId: fever, position: 1, text: 'Nein', action: 'QUESTION', targetQuestionId: reason },
    { questionId: reason, position: 0, text: 'Blutabnahme', action: 'QUEUE', targetQueueId: place.lab },
    { questionId: reason, position: 1, text: 'Besuch bei der Ärztin', action: 'QUEUE', targetQueueId: place.general, allowFreeText: true },
    { questionId: reason, position: 2, text: 'Ich möchte einen Termin', action: 'BOOK_APPOINTMENT', appointmentTypeId: place.talkTypeId },
  ]);
  return { infectionTagId: tag!.id };
}
