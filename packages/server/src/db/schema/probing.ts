/** The probing questionnaire: questions, their answer options, and the answers given with tickets. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { PROBING_ACTIONS, PROBING_VARIANTS } from '@wartefrei/shared';
import { createdAt } from './columns.js';
import { profiles } from './locations.js';
import { queues } from './queues.js';
import { infoTags } from './infotags.js';
import { appointmentTypes } from './appointments.js';
import { memberRef } from './tickets.js';
import { accountRef } from './accounts.js';

export const probingVariant = pgEnum('probing_variant', PROBING_VARIANTS);
export const probingAction = pgEnum('probing_action', PROBING_ACTIONS);

/** A question of a location's questionnaire in one variant (ONLINE: the ticket page, KIOSK). */
export const probingQuestions = pgTable(
  'probing_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    variant: probingVariant('variant').notNull(),
    text: text('text').notNull(),
    askFirst: boolean('ask_first').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('probing_questions_profile_idx').on(t.profileId, t.variant, t.position),
    // At most one first question per location and variant; "at least one" is the save's check.
    uniqueIndex('probing_questions_one_first')
      .on(t.profileId, t.variant)
      .where(sql`${t.askFirst}`),
  ],
);

/** An answer option: where it leads (another question or an end) and what it adds to the ticket. */
export const probingOptions = pgTable(
  'probing_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => probingQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    action: probingAction('action').notNull(),
    // No cascade: the save's check refuses to delete a question that an option still leads to.
    targetQuestionId: uuid('target_question_id').references((): AnyPgColumn => probingQuestions.id, { onDelete: 'no action' }),
    targetQueueId: uuid('target_queue_id').references(() => queues.id, { onDelete: 'no action' }),
    targetUrl: text('target_url'),
    appointmentTypeId: uuid('appointment_type_id').references(() => appointmentTypes.id, { onDelete: 'no action' }),
    message: text('message'),
    buttonText: text('button_text'),
    infoTagId: uuid('info_tag_id').references(() => infoTags.id, { onDelete: 'set null' }),
    allowFreeText: boolean('allow_free_text').notNull().default(false),
  },
  (t) => [
    index('probing_options_question_idx').on(t.questionId, t.position),
    check(
      'probing_options_target_matches_action',
      sql`
    (${t.action} = 'QUESTION') = (${t.targetQuestionId} IS NOT NULL)
    AND (${t.action} = 'QUEUE') = (${t.targetQueueId} IS NOT NULL)
    AND (${t.action} = 'URL') = (${t.targetUrl} IS NOT NULL)
    AND (${t.action} = 'BOOK_APPOINTMENT') = (${t.appointmentTypeId} IS NOT NULL)`,
    ),
  ],
);

/**
 * An answer given with a ticket, one row per step of the path. The texts are kept as the patient
 * saw them: an edited or deleted question must not change what a patient said. A copy between
 * variants deletes the answers given to the questions it replaces (docs/product.md#states-and-transitions).
 */
export const probingAnswers = pgTable(
  'probing_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountRef(),
    memberId: memberRef(),
    questionId: uuid('question_id').references(() => probingQuestions.id, { onDelete: 'set null' }),
    optionId: uuid('option_id').references(() => probingOptions.id, { onDelete: 'set null' }),
    step: integer('step').notNull(),
    questionText: text('question_text').notNull(),
    optionText: text('option_text').notNull(),
    freeText: text('free_text'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('probing_answers_member_step').on(t.memberId, t.step),
    index('probing_answers_option_idx').on(t.optionId, t.createdAt),
    index('probing_answers_question_idx').on(t.questionId),
  ],
);
