import type { ApiScope } from '@wartefrei/shared';

/** A scope's key in the catalogue: `tickets:read` → `tickets_read` (i18next reads a colon as a namespace). */
export const scopeKey = (scope: ApiScope) => scope.replace(':', '_');
