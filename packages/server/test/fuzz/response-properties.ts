import { ERROR_STATUS } from '@wartefrei/shared';

/** What a client got back, in the shape light-my-request gives it. */
export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * Traces of internals that no answer may carry: stack frames, source paths, raw error names,
 * PostgreSQL and Fastify messages. Each is skipped when the request itself contains a match (a
 * stored and echoed name may legitimately say "Error: ").
 */
export const INTERNALS: readonly RegExp[] = [
  /\n\s+at /,
  /\bat (?:async )?[\w$.<>[\]]+ \(/,
  /\bat (?:file:\/\/|\/)\S+:\d+/,
  /(?:file:\/\/\/|\/work\/|\/node_modules\/|\/usr\/lib\/|[A-Za-z]:\\\\)/,
  /\.(?:ts|js|mjs|cjs):\d+(?::\d+)?/,
  /\b(?:Type|Range|Reference|Syntax|Zod|Postgres|Database|Drizzle)?Error: /,
  /invalid input syntax|violates (?:not-null|foreign key|unique|check) constraint|duplicate key value|relation "|syntax error at|invalid byte sequence|unsupported Unicode escape/i,
  /\bFST_[A-Z_]+|\bERR_[A-Z_]{3,}/,
];

/** Problems with one answer; empty when it is fine. */
export function problemsOf(answer: Answer, requestText: string): string[] {
  const problems: string[] = [];
  if (answer.statusCode >= 500) problems.push(`status ${answer.statusCode}`);
  const header = answer.headers['content-type'];
  const contentType = typeof header === 'string' ? header : Array.isArray(header) ? header.join(', ') : '';
  const isFhir = contentType.includes('application/fhir+json');
  const isJson = contentType.includes('application/json') || isFhir;
  if (answer.statusCode >= 400) {
    if (!isJson) problems.push(`error answer is not JSON (${contentType || 'no content type'})`);
    else problems.push(...(isFhir ? outcomeProblems(answer) : errorBodyProblems(answer)));
  }
  // Static files (the API docs page, the web app) are code: only JSON answers are searched.
  if (isJson || answer.statusCode >= 400) {
    for (const pattern of INTERNALS) {
      if (pattern.test(answer.body) && !pattern.test(requestText)) problems.push(`body shows internals (${pattern})`);
    }
  }
  return problems;
}

function errorBodyProblems(answer: Answer): string[] {
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return ['error body does not parse as JSON'];
  }
  const { code, statusCode, message } = (body ?? {}) as { code?: unknown; statusCode?: unknown; message?: unknown };
  const problems: string[] = [];
  if (typeof code !== 'string' || !(code in ERROR_STATUS)) problems.push(`error code ${JSON.stringify(code)} is not one of ERROR_STATUS`);
  else if (ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== answer.statusCode) problems.push(`code ${code} answered with status ${answer.statusCode}`);
  if (statusCode !== answer.statusCode) problems.push(`body statusCode ${JSON.stringify(statusCode)} differs from ${answer.statusCode}`);
  if (typeof message !== 'string' || message.length === 0) problems.push('error without a message');
  return problems;
}

/** The FHIR interface answers errors as an OperationOutcome: our code in each issue's `details.coding`. */
function outcomeProblems(answer: Answer): string[] {
  let body: { resourceType?: unknown; issue?: { details?: { coding?: { code?: unknown }[]; text?: unknown } }[] };
  try {
    body = JSON.parse(answer.body) as typeof body;
  } catch {
    return ['error body does not parse as JSON'];
  }
  if (body.resourceType !== 'OperationOutcome' || !Array.isArray(body.issue) || body.issue.length === 0) return ['FHIR error is not an OperationOutcome with issues'];
  const code = body.issue[0]?.details?.coding?.[0]?.code;
  if (typeof code !== 'string' || !(code in ERROR_STATUS)) return [`error code ${JSON.stringify(code)} is not one of ERROR_STATUS`];
  if (ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== answer.statusCode) return [`code ${code} answered with status ${answer.statusCode}`];
  return body.issue.every((issue) => typeof issue.details?.text === 'string' && issue.details.text.length > 0) ? [] : ['error without a message'];
}

/** Values of `secrets` in the answer that the request did not bring along itself. */
export function leakedSecrets(answer: Answer, requestText: string, secrets: Iterable<string>): string[] {
  return [...secrets].filter((secret) => answer.body.includes(secret) && !requestText.includes(secret));
}

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** An answer with every UUID blanked: a foreign and a missing id must answer alike. */
export const comparable = (answer: Answer) => ({ status: answer.statusCode, body: answer.body.replace(UUIDS, '<id>') });
