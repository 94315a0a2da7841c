import { expect, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { ExpenseFormPage } from './pages/expense-form-page';
import { NewEventPage } from './pages/new-event-page';
import { INSTANCES_NEED, instancesAvailable, startInstances } from './support/instances';

/**
 * A server under a path (BASE_PATH=/quits), as a proxy serves it beside other sites: the real
 * server with the setting, on its own database. The app, the API, the server's render of a
 * shared link, live updates and the service worker all stay under /quits/.
 */
test.skip(!instancesAvailable(), INSTANCES_NEED);

const BASE = '/quits';

test('under BASE_PATH=/quits an event is created, rendered by the server, updated live and opened offline', {
  tag: '@any-width',
}, async ({ browser }) => {
  test.setTimeout(180_000);
  const servers = await startInstances(1, { BASE_PATH: BASE });
  const origin = servers.instances[0]?.baseURL ?? '';
  const app = `${origin}${BASE}`;
  const outside: string[] = [];
  const ana = await browser.newContext();
  const ben = await browser.newContext();
  try {
    // Whatever either page asks of this server is under /quits/ (but the host's root, once).
    for (const context of [ana, ben]) {
      context.on('request', (request) => {
        const url = new URL(request.url());
        const under = url.pathname.startsWith(`${BASE}/`) || url.pathname === '/';
        if (url.origin === origin && !under) outside.push(url.href);
      });
    }
    const page = await ana.newPage();
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));

    await test.step('the host itself leads to the app', async () => {
      await page.goto(`${origin}/`);
      await expect(page).toHaveURL(`${app}/`);
      await expect(page.getByText('Share costs, stay friends')).toBeVisible();
    });

    let eventId = '';
    await test.step('an event is created through the app', async () => {
      await page.goto(`${app}/new-event`);
      const form = new NewEventPage(page);
      await expect(form.name).toBeVisible();
      await form.name.fill('Lisbon');
      await form.fillPeople(['Ana', 'Ben']);
      await form.create.click();
      await expect(page).toHaveURL(new RegExp(`^${app}/event/[\\w-]+/home$`));
      const home = new EventHomePage(page);
      eventId = home.eventId();
      await home.chooseMe('Ana');
    });

    const other = await ben.newPage();
    await test.step('a shared link is rendered by the server under the path, then taken over', async () => {
      const answer = await other.request.get(`${app}/event/${eventId}/home`, {
        headers: { accept: 'text/html' },
      });
      const html = await answer.text();
      expect(html).toContain(`<base href="${BASE}/" />`);
      expect(html).toContain('<title>Lisbon · Quits</title>');
      await other.goto(`${app}/event/${eventId}/home`);
      const home = new EventHomePage(other);
      await home.chooseMe('Ben');
      await expect(home.yourBalance).toContainText('€0.00');
    });

    await test.step('an expense made on one device appears on the other, live', async () => {
      await page.getByRole('link', { name: 'Add expense' }).click();
      await expect(page).toHaveURL(`${app}/event/expense/${eventId}/new`);
      const form = new ExpenseFormPage(page);
      await form.title.fill('Dinner');
      await form.amount.fill('60');
      await form.save.click();
      await expect(new EventHomePage(page).recentExpenses).toContainText('Dinner');
      await expect(new EventHomePage(other).recentExpenses).toContainText('Dinner');
      await expect(new EventHomePage(other).yourBalance).toContainText('-€30.00');
      expect(sockets.length).toBeGreaterThan(0);
      for (const socket of sockets) expect(new URL(socket).pathname).toMatch(/^\/quits\/app\//);
    });

    await test.step('files the app links to are under the path', async () => {
      await page.goto(`${app}/event/${eventId}/settings`);
      const csv = page.getByRole('link', { name: 'Spreadsheet (CSV)' });
      await expect(csv).toHaveAttribute(
        'href',
        new RegExp(`^${BASE}/api/events/${eventId}/export`),
      );
      const download = await page.request.get(
        new URL((await csv.getAttribute('href')) ?? '', origin).href,
      );
      expect(download.status()).toBe(200);
      expect(await download.text()).toContain('Dinner');
    });

    await test.step('the service worker serves the app under the path, offline too', async () => {
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe(`${app}/`);
      await ana.setOffline(true);
      await page.goto(`${app}/event/${eventId}/home`);
      await expect(new EventHomePage(page).recentExpenses).toContainText('Dinner');
      await ana.setOffline(false);
    });

    expect(outside).toEqual([]);
  } finally {
    await ana.close();
    await ben.close();
    await servers.stopAll();
  }
});
