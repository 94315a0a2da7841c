import { mutateBody, repairBody } from './body-edits';
import { encodeBody } from './body-encoding';
import { encodeSegment, Ref, toFieldText } from './fuzz-values';
import type { FuzzWorld, KnownEvent } from './fuzz-world';
import type { HeaderPlan } from './request-parts';
import type { PathTweak, RequestPlan } from './request-plan';

/** A request ready for `app.inject` (or fetch). */
export interface PreparedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[]>;
  payload?: string | Buffer;
  /** The event the request is about, to read again after an acknowledged write. */
  context: KnownEvent;
}

const DEVICES = [
  '6f1c3e3a-2b7d-4c1e-9a55-0d2f3c4b5a69',
  '0b7e8f52-1d4a-4e63-8c2f-7a9b0c1d2e3f',
  'c4a1d2e3-5f60-4718-9a2b-3c4d5e6f7081',
];

/** Turns a plan into a concrete request against what exists now. */
export function buildRequest(plan: RequestPlan, world: FuzzWorld): PreparedRequest {
  const { route } = plan;
  const names = Object.keys(plan.params);
  const lastName = names[names.length - 1];
  // A DELETE's last segment names what is deleted: never the long-lived event.
  const disposable = (name: string) => plan.method === 'DELETE' && name === lastName;

  const strict = plan.kind === 'valid';
  let context: KnownEvent | null = null;
  for (const name of names) {
    const param = plan.params[name];
    if (param && 'value' in param && param.value instanceof Ref && param.value.kind === 'event') {
      context = world.eventFor(param.value, { disposable: disposable(name), strict });
      break;
    }
  }
  context ??= world.contextOf([plan.query, plan.body], strict);
  const known = context;

  const segments: Record<string, string> = {};
  for (const name of names) {
    const param = plan.params[name];
    if (!param) continue;
    segments[name] =
      'raw' in param
        ? param.raw
        : encodeSegment(
            toFieldText(
              world.resolve(param.value, known, { disposable: disposable(name), strict }),
            ),
          );
  }
  let path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => segments[name] ?? '');
  if (path.includes('*')) path = path.replace('*', segments['*'] ?? '');
  path = tweakPath(path, plan.pathTweak);

  const query = Object.entries(
    world.resolve(plan.query, known, { strict }) as Record<string, unknown>,
  )
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeSegment(key)}=${encodeSegment(toFieldText(value))}`);
  if (plan.rawQuery) query.push(plan.rawQuery);
  const url = query.length > 0 ? `${path}?${query.join('&')}` : path;

  let body = world.resolve(plan.body, known, { strict });
  if (plan.repair) repairBody(body, known);
  body = mutateBody(body, plan.mutations);
  const { payload, contentType } = encodeBody(body, plan.encoding);

  const headers = headersFor(plan.headers, known, world);
  if (contentType !== undefined) headers['content-type'] = contentType;
  return {
    method: plan.method,
    url,
    headers,
    context: known,
    ...(payload === undefined ? {} : { payload }),
  };
}

function tweakPath(path: string, tweak: PathTweak): string {
  switch (tweak) {
    case 'none':
      return path;
    case 'trailing-slash':
      return `${path}/`;
    case 'double-slash':
      return path.replaceAll('/', '//');
    case 'upper-case':
      return path.toUpperCase();
    case 'dot-segment':
      return path.replace('/api/', '/api/./x/../');
    case 'encoded-slash':
      return path.replaceAll('/', '%2F').replace(/^%2F/, '/');
    case 'semicolon':
      return `${path};jsessionid=1`;
  }
}

function headersFor(plan: HeaderPlan, context: KnownEvent, world: FuzzWorld) {
  const headers: Record<string, string | string[]> = { 'x-requested-with': 'XMLHttpRequest' };
  const device = DEVICES[context.people.length % DEVICES.length] ?? (DEVICES[0] as string);
  switch (plan.deviceId) {
    case 'valid':
      headers['device-id'] = device;
      break;
    case 'empty':
      headers['device-id'] = '';
      break;
    case 'malformed':
      headers['device-id'] = `${device}x`;
      break;
    case 'twice':
      headers['device-id'] = [device, DEVICES[1] as string];
      break;
    case 'upper':
      headers['device-id'] = device.toUpperCase();
      break;
    case 'missing':
      break;
  }
  if (plan.whoAmI === 'person' && context.people[0]) headers['who-am-i'] = context.people[0];
  if (plan.whoAmI === 'random') headers['who-am-i'] = world.freshId();
  if (plan.whoAmI === 'malformed') headers['who-am-i'] = 'me, myself and I';
  const etags: Record<HeaderPlan['ifNoneMatch'], string | null> = {
    missing: null,
    star: '*',
    weak: 'W/"1"',
    garbage: '"unterminated',
    list: '"a", W/"b", "c-1-2", ,,',
    long: `"${'e'.repeat(8_000)}"`,
  };
  const etag = etags[plan.ifNoneMatch];
  if (etag !== null) headers['if-none-match'] = etag;
  const accepts: Record<HeaderPlan['accept'], string | null> = {
    missing: null,
    json: 'application/json',
    html: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
    odd: 'text/html;q=0, */*;q=abc, ;;,',
  };
  const accept = accepts[plan.accept];
  if (accept !== null) headers.accept = accept;
  for (const [name, value] of plan.extra) headers[name] = value;
  return headers;
}
