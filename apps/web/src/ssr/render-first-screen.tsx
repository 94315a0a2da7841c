import createEmotionServer from '@emotion/server/create-instance';
import type { CurrencyList, Event } from '@quits/contract';
import { directionOf } from '@quits/contract/languages';
import { App } from '@web/app/app';
import { emotionCache, forgetEmotionCaches } from '@web/app/emotion-caches';
import { eventOfHome } from '@web/app/first-screen';
import { AppRoutes } from '@web/app/router';
import { currenciesQuery } from '@web/features/currencies/api/get-currencies';
import { eventQuery } from '@web/features/events/api/get-event';
import { forgetWhoAmI, setWhoAmI } from '@web/features/events/who-am-i';
import { queryClient } from '@web/lib/query-client';
import {
  RENDERED_FIRST_SCREEN_ID,
  type RenderedFirstScreen,
  type RenderedFor,
} from '@web/lib/rendered-first-screen';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { asDevice } from './device-stand-in';
import { type DeviceHints, deviceOf } from './first-screen-device';
import { speak } from './server-i18n';

export type { DeviceHints };

/** The event whose home a path is: the one page rendered here. */
export const eventHomeOf = eventOfHome;

/**
 * The bodies of the API's answers an event's home is rendered from, as the API sent them
 * (`{ data }`): GET /api/events/{id} and GET /api/currencies.
 */
export interface EventHomeAnswers {
  event: { data: Event };
  currencies: { data: CurrencyList };
}

/** What index.html gets: the markup for `#root`, and what goes into its head. */
export interface RenderedPage {
  title: string;
  /** The attributes of `<html>`: `lang`, and `dir` (rtl for Arabic and Hebrew). */
  language: string;
  direction: 'ltr' | 'rtl';
  /** The screen's markup, the app's own (React hydrates it). */
  html: string;
  /** Its styles, and what it was rendered from and for (app/rendered-first-screen.ts). */
  head: string;
}

/** JSON inside `<script>`: "<" escaped, so that no text in it can end the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

async function text(stream: AsyncIterable<unknown>): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += String(chunk);
  return html;
}

/** The app at `path` (under the base path `base`, '' at the root), rendered to HTML once every lazy part of it has loaded. */
async function renderApp(path: string, title: string, base: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App title={title}>
        <StaticRouter location={`${base}${path}`} basename={base || undefined}>
          <AppRoutes />
        </StaticRouter>
      </App>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every part inline, in order: a part written apart is put in place by an inline script,
      // which the Content-Security-Policy does not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await text(prelude);
  // A part that failed would render on the device alone: the page is served unrendered instead.
  if (errors.length > 0) throw errors[0];
  return html;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * An event's home (`/event/{id}/home`) rendered as the device that asks will show it, from the
 * API's answers: the app's own components, so the browser paints the balances before the app's
 * code arrives, and React takes the markup over (hydrates) instead of drawing it again. Renders
 * run one at a time: the app's i18n, query cache and the device's stand-ins are one per process.
 */
export function renderEventHome(
  eventId: string,
  answers: EventHomeAnswers,
  hints: DeviceHints,
): Promise<RenderedPage> {
  const base = hints.basePath ?? '';
  const render = queue.then(() => renderNow(eventId, answers, deviceOf(hints), base));
  queue = render.catch(() => undefined);
  return render;
}

async function renderNow(
  eventId: string,
  answers: EventHomeAnswers,
  device: RenderedFor,
  base: string,
): Promise<RenderedPage> {
  const path = `/event/${encodeURIComponent(eventId)}/home`;
  await speak(device.language);
  // What the app's queries keep of the same answers (getEvent, getCurrencies).
  queryClient.setQueryData(eventQuery(eventId).queryKey, answers.event.data);
  queryClient.setQueryData(currenciesQuery().queryKey, answers.currencies.data.data);
  if (device.whoami) setWhoAmI(eventId, device.whoami);
  try {
    // The app writes its styles into the cache of its language's direction (app/direction.tsx).
    forgetEmotionCaches();
    const html = await asDevice(device, () => renderApp(path, answers.event.data.name, base));
    const direction = directionOf(device.language);
    const emotion = createEmotionServer(emotionCache(direction));
    // Marked as already in the head (`data-s`), so that Emotion in the browser takes them as
    // they are instead of moving each one, which would make the browser read the CSS again.
    const styles = emotion
      .constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html))
      .replaceAll('<style data-emotion=', '<style data-s="" data-emotion=');
    const rendered: RenderedFirstScreen = {
      path,
      title: answers.event.data.name,
      renderedFor: device,
      answers: {
        [`/events/${encodeURIComponent(eventId)}`]: answers.event,
        '/currencies': answers.currencies,
      },
    };
    return {
      title: `${answers.event.data.name} · Quits`,
      language: device.language,
      direction,
      html,
      head: `${styles}<script type="application/json" id="${RENDERED_FIRST_SCREEN_ID}">${scriptJson(rendered)}</script>`,
    };
  } finally {
    forgetWhoAmI(eventId);
    queryClient.clear();
  }
}
