/**
 * Every server resource's query key, in one place: a detail key starts with its list's key, so
 * invalidating `queryKeys.queues.all` refreshes the list and every single queue, and no resource
 * is cached under two names (the account once was, and one screen patched the other).
 */
export const queryKeys = {
  account: (id: string) => ['account', id] as const,
  queues: {
    all: ['queues'] as const,
    detail: (id: string) => ['queues', id] as const,
  },
  profiles: {
    all: ['profiles'] as const,
    detail: (id: string) => ['profiles', id] as const,
  },
  monitors: { all: ['monitors'] as const },
  systemInformation: ['system-information'] as const,
};
