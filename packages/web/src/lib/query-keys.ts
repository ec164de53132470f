/**
 * Every server resource's query key, in one place: a detail key starts with its list's key, so
 * invalidating `queryKeys.queues.all` refreshes the list and every single queue, and no resource
 * is cached under two names (the account once was, and the work view kept its own copy of
 * `GET /queues` and `GET /info-tags` beside the management's).
 */
export const queryKeys = {
  /** The signed-in user as `GET /auth` answers it, per login. */
  auth: (userId: string | undefined, token: string | undefined) => ['auth', userId, token] as const,
  account: (id: string) => ['account', id] as const,
  /** The signed-in user's second factors (GET /users/me/second-factors). */
  secondFactors: ['second-factors'] as const,
  queues: {
    all: ['queues'] as const,
    detail: (id: string) => ['queues', id] as const,
  },
  /** A queue's weekly schedule. */
  schedule: (queueId: string) => ['queue-schedule', queueId] as const,
  /** A queue's tickets as the work view lists them; `filtered` starts with `ofQueue`. */
  members: {
    ofQueue: (queueId: string) => ['members', queueId] as const,
    filtered: (queueId: string, filters: object) => ['members', queueId, filters] as const,
  },
  profiles: {
    all: ['profiles'] as const,
    detail: (id: string) => ['profiles', id] as const,
  },
  processors: { all: ['processors'] as const, me: ['processors', 'me'] as const },
  /** Who is assigned to a queue; `all` covers every queue's. */
  queueProcessors: {
    all: ['queue-processors'] as const,
    ofQueue: (queueId: string) => ['queue-processors', queueId] as const,
  },
  /** The caller's own assignments with their active flags. */
  ownQueues: ['own-queues'] as const,
  infoTags: { all: ['info-tags'] as const },
  /** The practice's API keys (GET /api-keys). */
  apiKeys: { all: ['api-keys'] as const },
  monitors: { all: ['monitors'] as const },
  dashboard: ['dashboard'] as const,
  /** The calendar's appointments per range of local dates; `all` covers every range. */
  appointments: {
    all: ['appointments'] as const,
    range: (from: string, to: string) => ['appointments', from, to] as const,
  },
  /** The patient's view of one appointment, read by the calendar to find the day of a link. */
  appointmentDay: (id: string | undefined) => ['appointment-day', id] as const,
  appointmentTypes: { all: ['appointment-types'] as const },
  appointmentSlots: { all: ['appointment-slots'] as const },
  /** Billing: the overview, payment methods, invoices and device orders; `all` covers each. */
  billing: {
    all: ['billing'] as const,
    overview: ['billing', 'overview'] as const,
    methods: ['billing', 'payment-methods'] as const,
    invoices: ['billing', 'invoices'] as const,
    orders: ['billing', 'device-orders'] as const,
  },
  countries: ['countries'] as const,
  /** A location's questionnaire of one variant. */
  probing: {
    all: ['probing-questions'] as const,
    of: (profileId: string, variant: string) => ['probing-questions', profileId, variant] as const,
  },
  vacations: { all: ['vacations'] as const },
  systemInformation: ['system-information'] as const,
  /** The signed-in user's sessions (/backend/profile). */
  ownSessions: ['own-sessions'] as const,
};
