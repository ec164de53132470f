import type { App } from '../../src/app.js';

/** A JSON Schema as @fastify/swagger writes it from the zod schemas (the subset our schemas use). */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  maxItems?: number;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** One route the server registers, with what its OpenAPI operation says about its inputs. */
export interface FuzzRoute {
  method: string;
  /** The path in OpenAPI form: `/queues/{id}/members`. */
  path: string;
  /** Path parameter names, in the order they appear. */
  pathParams: string[];
  query?: JsonSchema;
  body?: JsonSchema;
  /** Declares `security` in OpenAPI: a staff route behind a login token. */
  staff: boolean;
  /** True when the route has an OpenAPI operation (its inputs are known). */
  described: boolean;
}

interface OpenApiOperation {
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/**
 * Every `METHOD /path` the app serves, read from Fastify's route tree: each line of
 * `printRoutes({ commonPrefix: false })` is one path segment, indented four columns per level,
 * followed by the methods registered on it. Shared parameter nodes print as `:id|:queueId`.
 */
export function registeredRoutes(tree: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = line.match(/^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const segment = match[2] ?? '';
    stack.length = depth;
    stack.push(segment === '(empty root node)' ? '' : segment);
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method) routes.push({ method, path: stack.join('') });
    }
  }
  return routes;
}

/** `/queues/:id|:queueId/x` → `/queues/{}/x`: the shape both the tree and OpenAPI agree on. */
export const shapeOf = (path: string) => path.replace(/:\w+(\|:\w+)*/g, '{}').replace(/\{[^}]*\}/g, '{}');

/**
 * Every registered route (HEAD aside: Fastify answers it from the GET handler), joined with its
 * OpenAPI operation. A route without one (the /docs files, the socket, the web app's wildcard)
 * is listed with `described: false`: the test fuzzes it with inputs that need no schema.
 */
export async function fuzzRoutes(app: App): Promise<FuzzRoute[]> {
  await app.ready();
  const document = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const operations = new Map<string, { path: string; operation: OpenApiOperation }>();
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      operations.set(`${method.toUpperCase()} ${shapeOf(path)}`, { path, operation });
    }
  }
  const seen = new Set<string>();
  const routes: FuzzRoute[] = [];
  for (const { method, path } of registeredRoutes(app.printRoutes({ commonPrefix: false }))) {
    if (method === 'HEAD') continue;
    const key = `${method} ${shapeOf(path)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const described = operations.get(key);
    if (!described) {
      // Undescribed routes keep Fastify's `:name` (and `*`) in the path.
      routes.push({ method, path, pathParams: [...path.matchAll(/:([^/|]+)/g)].map((m) => m[1]!), staff: false, described: false });
      continue;
    }
    const parameters = described.operation.parameters ?? [];
    const query = parameters.filter((p) => p.in === 'query');
    routes.push({
      method,
      path: described.path,
      pathParams: [...described.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
      ...(query.length > 0
        ? {
            query: {
              type: 'object',
              properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
              required: query.filter((p) => p.required).map((p) => p.name),
            },
          }
        : {}),
      ...(described.operation.requestBody?.content?.['application/json']?.schema ? { body: described.operation.requestBody.content['application/json'].schema } : {}),
      staff: (described.operation.security ?? []).length > 0,
      described: true,
    });
  }
  return routes;
}

export const routeName = (route: Pick<FuzzRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;
