import { translate } from '@wartefrei/shared';
import type { z } from 'zod';

export { installZodErrorCodes, ReportQuery, SignupInput } from '@wartefrei/shared';

// The CLI flags that carry each sign-up field, so messages name what the operator typed.
const FLAG_OF: Record<string, string> = {
  account_name: '--name',
  account_identifier: '--identifier',
  display_name: '--admin-name',
  username: '--admin-mail',
  password: '--password',
};

/** One German line per invalid flag, with the catalogue's message. */
export function presentableFields(issues: z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const field = String(issue.path[0] ?? '');
      const limit = 'minimum' in issue ? issue.minimum : 'maximum' in issue ? issue.maximum : undefined;
      return translate('de', 'validation', issue.message, [FLAG_OF[field] ?? field, ...(limit === undefined ? [] : [Number(limit)])]);
    })
    .join('\n');
}
