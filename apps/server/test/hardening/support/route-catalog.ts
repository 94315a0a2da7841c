import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

/** A JSON Schema as the OpenAPI document carries it (OpenAPI 3.0 dialect: `nullable`). */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
}

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';

/** One route the app serves, with what its OpenAPI document says it takes (if anything). */
export interface FuzzRoute {
  method: Method;
  /** Fastify's form: `/api/events/:id`; a wildcard is `*`. */
  path: string;
  /** Path parameter names, in order. */
  params: string[];
  paramSchemas: Record<string, JsonSchema>;
  querySchemas: Record<string, JsonSchema>;
  body: JsonSchema | null;
  /** The body's media type in the document: application/json, multipart/form-data… */
  bodyType: string | null;
  /** In the OpenAPI document (the API), not only in the router (files, docs, pages). */
  documented: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/**
 * Every route of the running app, read from the app itself: the router's own listing
 * (`printRoutes`) for the complete set, the OpenAPI document for what each documented route
 * takes. A route added tomorrow is fuzzed tomorrow, with no list to keep.
 */
export function discoverRoutes(app: FastifyInstance): FuzzRoute[] {
  const document = app.swagger() as {
    paths?: Record<string, Record<string, OpenApiOperation>>;
  };
  const routes = new Map<string, FuzzRoute>();
  for (const { method, path } of parseRouteTree(app.printRoutes({ commonPrefix: false }))) {
    routes.set(`${method} ${path}`, emptyRoute(method, path));
  }
  for (const [openApiPath, operations] of Object.entries(document.paths ?? {})) {
    const path = openApiPath.replace(/\{([^}]+)\}/g, ':$1');
    for (const [lowerMethod, operation] of Object.entries(operations)) {
      const method = lowerMethod.toUpperCase() as Method;
      const route = routes.get(`${method} ${path}`) ?? emptyRoute(method, path);
      routes.set(`${method} ${path}`, describeOperation(route, operation));
    }
  }
  return [...routes.values()]
    .sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`))
    .map(printedShort);
}

/** A failing request names its route as `POST /api/events`, not with its whole schema. */
function printedShort(route: FuzzRoute): FuzzRoute {
  return Object.assign(route, { [fc.toStringMethod]: () => `${route.method} ${route.path}` });
}

function emptyRoute(method: Method, path: string): FuzzRoute {
  const params = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
  return {
    method,
    path,
    params,
    paramSchemas: {},
    querySchemas: {},
    body: null,
    bodyType: null,
    documented: false,
  };
}

function describeOperation(route: FuzzRoute, operation: OpenApiOperation): FuzzRoute {
  const paramSchemas: Record<string, JsonSchema> = {};
  const querySchemas: Record<string, JsonSchema> = {};
  for (const parameter of operation.parameters ?? []) {
    const schema = parameter.schema ?? {};
    if (parameter.in === 'path') paramSchemas[parameter.name] = schema;
    if (parameter.in === 'query') querySchemas[parameter.name] = schema;
  }
  const content = Object.entries(operation.requestBody?.content ?? {})[0];
  return {
    ...route,
    paramSchemas,
    querySchemas,
    body: content?.[1].schema ?? null,
    bodyType: content?.[0] ?? null,
    documented: true,
  };
}

const KNOWN_METHODS = new Set<string>(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

/**
 * Reads Fastify's route tree (`printRoutes({ commonPrefix: false })`): each line is
 * `<indent>├── <segment> (METHODS)`, four characters of indent per level, a child's path
 * being its parent's path followed by its segment.
 */
export function parseRouteTree(tree: string): { method: Method; path: string }[] {
  const found: { method: Method; path: string }[] = [];
  const pathAtDepth: string[] = [];
  for (const line of tree.split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const depth = branch / 4;
    const rest = line.slice(branch + 4);
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(rest);
    if (!match) continue;
    const path = `${depth === 0 ? '' : (pathAtDepth[depth - 1] ?? '')}${match[1] ?? ''}`;
    pathAtDepth[depth] = path;
    pathAtDepth.length = depth + 1;
    for (const method of (match[2] ?? '').split(',').map((name) => name.trim())) {
      if (KNOWN_METHODS.has(method)) found.push({ method: method as Method, path });
    }
  }
  return found;
}
