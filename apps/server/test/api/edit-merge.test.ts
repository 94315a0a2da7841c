import {
  type EditConflictAnswer,
  type EntryDeletedAnswer,
  type Event,
  type EventSummary,
  type Expenditure,
  editConflictAnswerSchema,
  entryDeletedAnswerSchema,
  type Payment,
  type RemovedPeopleAnswer,
  removedPeopleAnswerSchema,
  type User,
} from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { readActivity } from '../support/api-checks';
import { createEvent, expenseBody, paymentBody, personId } from '../support/fixtures';
import { type ApiClient, apiClient, DATABASES, useTestApp } from '../support/test-app';

/** The fields of an expense as an update's body and `base` carry them. */
function editable(expense: Expenditure) {
  const { title, desc, date, amount, currency_id, category, split, payer, participant } = expense;
  return { title, desc, date, amount, currency_id, category, split, payer, participant };
}

type ExpenseFields = ReturnType<typeof editable>;

/** One device's edit of one field, as the expense form makes it (sums kept). */
function editExpense(
  expense: ExpenseFields,
  field: string,
  side: 1 | 2,
  people: { ana: string; ben: string; chloe: string },
): ExpenseFields {
  switch (field) {
    case 'title':
      return { ...expense, title: `Dinner ${side}` };
    case 'desc':
      return { ...expense, desc: `Note ${side}` };
    case 'date':
      return { ...expense, date: `2026-11-0${side}` };
    case 'category':
      return { ...expense, category: side === 1 ? 'food' : 'transport' };
    case 'amount': {
      const amount = 4000 + side * 100;
      return {
        ...expense,
        amount,
        payer: [{ user_id: people.ana, amount }],
        participant: [
          { user_id: people.ana, amount: amount / 2 },
          { user_id: people.ben, amount: amount / 2 },
        ],
      };
    }
    case 'payer':
      return {
        ...expense,
        payer: [{ user_id: side === 1 ? people.ben : people.chloe, amount: expense.amount }],
      };
    default:
      return {
        ...expense,
        split: { mode: 'exact' },
        participant: [
          { user_id: people.ana, amount: expense.amount - side * 100 },
          { user_id: people.chloe, amount: side * 100 },
        ],
      };
  }
}

const EXPENSE_FIELDS = ['title', 'desc', 'date', 'category', 'amount', 'payer', 'split'];

describe.each(DATABASES)('merging two devices’ edits on %s', (kind) => {
  const started = useTestApp(kind);

  async function setup() {
    const app = started().app;
    const event = await createEvent(apiClient(app));
    const people = {
      ana: personId(event, 'Ana'),
      ben: personId(event, 'Ben'),
      chloe: personId(event, 'Chloé'),
    };
    // Two devices: Ana's and Ben's, each saying who it is.
    const anaDevice = apiClient(app);
    const benDevice = apiClient(app);
    const as = (device: ApiClient, whoAmI: string) => ({
      post: <T>(url: string, body: unknown) => device.post<T>(url, body, { 'who-am-i': whoAmI }),
      put: <T>(url: string, body: unknown) => device.put<T>(url, body, { 'who-am-i': whoAmI }),
    });
    return {
      api: anaDevice,
      event,
      people,
      ana: as(anaDevice, people.ana),
      ben: as(benDevice, people.ben),
    };
  }

  async function addDinner(api: ApiClient, eventId: string, people: { ana: string; ben: string }) {
    const body = expenseBody({ payer: people.ana, among: [people.ana, people.ben], amount: 3000 });
    const answer = await api.post<{ data: Expenditure }>(`/api/event/${eventId}/expenditure`, body);
    expect(answer.status).toBe(201);
    return answer.body.data;
  }

  it('keeps both changes when one device changed the amount offline and the other only the title', async () => {
    const { api, event, people, ana, ben } = await setup();
    const dinner = await addDinner(api, event.id, people);
    const base = editable(dinner);
    const path = `/api/event/${event.id}/expenditure`;

    const amountEdit = editExpense(base, 'amount', 1, people);
    const first = await ana.post<{ data: Expenditure }>(path, {
      id: dinner.id,
      ...amountEdit,
      base,
    });
    expect(first.status).toBe(200);
    const second = await ben.post<{ data: Expenditure }>(path, {
      id: dinner.id,
      ...base,
      title: 'Dinner at Rosa’s',
      base,
    });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ ...amountEdit, title: 'Dinner at Rosa’s' });

    // The history credits Ben with the title alone.
    const rows = await readActivity(api, event.id);
    const [bens] = rows;
    expect(bens?.before).toMatchObject({ title: 'Dinner', amount: 4100 });
    expect(bens?.after).toMatchObject({ title: 'Dinner at Rosa’s', amount: 4100 });
  });

  it('every pair of expense fields changed on two sides is merged, or refused naming the field', async () => {
    const { api, event, people, ana, ben } = await setup();
    const path = `/api/event/${event.id}/expenditure`;
    for (const anaField of EXPENSE_FIELDS) {
      for (const benField of EXPENSE_FIELDS) {
        const dinner = await addDinner(api, event.id, people);
        const base = editable(dinner);
        const anaEdit = editExpense(base, anaField, 1, people);
        const benEdit = editExpense(base, benField, 2, people);
        expect((await ana.post(path, { id: dinner.id, ...anaEdit, base })).status).toBe(200);
        const answer = await ben.post<Expenditure | EditConflictAnswer>(path, {
          id: dinner.id,
          ...benEdit,
          base,
        });
        const label = `Ana changed ${anaField}, Ben ${benField}`;
        const moneyClash = [anaField, benField].every((f) =>
          ['amount', 'payer', 'split'].includes(f),
        );
        if (anaField === benField || (moneyClash && !isPayerAndSplit(anaField, benField))) {
          expect(answer.status, label).toBe(409);
          const refusal = editConflictAnswerSchema.parse(answer.body);
          expect(
            refusal.conflicts.map((c) => c.field),
            label,
          ).toEqual(expect.arrayContaining([anaField, benField]));
          expect(refusal.conflicts[0]?.by, label).toMatchObject({
            user_id: people.ana,
            name: 'Ana',
          });
          expect(refusal.current, label).toMatchObject(anaEdit);
          continue;
        }
        expect(answer.status, label).toBe(200);
        const read = await api.get<{ data: Event }>(`/api/events/${event.id}`);
        const stored = read.body.data.expenditures.find((e) => e.id === dinner.id);
        expect(stored, label).toMatchObject(fieldsOf(anaEdit, anaField));
        expect(stored, label).toMatchObject(fieldsOf(benEdit, benField));
      }
    }
  });

  it('refuses a conflicting edit without writing anything, and settles it either way', async () => {
    const { api, event, people, ana, ben } = await setup();
    const dinner = await addDinner(api, event.id, people);
    const base = editable(dinner);
    const path = `/api/event/${event.id}/expenditure`;
    await ana.post(path, { id: dinner.id, ...base, title: 'Ana’s dinner', base });
    const before = await api.get<{ data: Event }>(`/api/events/${event.id}`);

    const mine = { ...base, title: 'Ben’s dinner', desc: 'with wine' };
    const refused = await ben.post<EditConflictAnswer>(path, { id: dinner.id, ...mine, base });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'edit_conflict',
      conflicts: [{ field: 'title', base: 'Dinner', mine: 'Ben’s dinner', theirs: 'Ana’s dinner' }],
    });
    expect(await api.get(`/api/events/${event.id}`)).toMatchObject({ body: before.body });

    // "Keep mine": the conflicting field's base is now theirs.
    const kept = await ben.post<{ data: Expenditure }>(path, {
      id: dinner.id,
      ...mine,
      base: { ...base, title: 'Ana’s dinner' },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ title: 'Ben’s dinner', desc: 'with wine' });

    // "Keep theirs", on a new conflict: the edit gives up the field and keeps the rest.
    const now = editable(kept.body.data);
    await ana.post(path, { id: dinner.id, ...now, date: '2026-11-02', base: now });
    const refusedAgain = await ben.post(path, {
      id: dinner.id,
      ...now,
      date: '2026-11-03',
      desc: 'no wine',
      base: now,
    });
    expect(refusedAgain.status).toBe(409);
    const settled = await ben.post<{ data: Expenditure }>(path, {
      id: dinner.id,
      ...now,
      desc: 'no wine',
      base: now,
    });
    expect(settled.body.data).toMatchObject({ date: '2026-11-02', desc: 'no wine' });
  });

  it('an update without a base replaces the expense, as before', async () => {
    const { api, event, people, ana, ben } = await setup();
    const dinner = await addDinner(api, event.id, people);
    const base = editable(dinner);
    const path = `/api/event/${event.id}/expenditure`;
    await ana.post(path, { id: dinner.id, ...base, title: 'Ana’s dinner', base });
    const answer = await ben.post<{ data: Expenditure }>(path, {
      id: dinner.id,
      ...base,
      desc: 'x',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ title: 'Dinner', desc: 'x' });
  });

  it('an edit of an expense deleted on another device is a 409 saying when and by whom', async () => {
    const { api, event, people, ana, ben } = await setup();
    const dinner = await addDinner(api, event.id, people);
    const deleted = await api.del(`/api/event/${event.id}/expenditure/${dinner.id}`, {
      'who-am-i': people.ana,
    });
    expect(deleted.status).toBe(200);
    const base = editable(dinner);
    const answer = await ben.post<EntryDeletedAnswer>(`/api/event/${event.id}/expenditure`, {
      id: dinner.id,
      ...base,
      title: 'Dinner (edited)',
      base,
    });
    expect(answer.status).toBe(409);
    const refusal = entryDeletedAnswerSchema.parse(answer.body);
    expect(refusal.by).toMatchObject({ user_id: people.ana, name: 'Ana' });
    expect(refusal.deleted_at).toEqual(expect.any(String));

    // Restore, then apply the edit over the restored expense.
    const restored = await ana.post<{ data: Expenditure }>(
      `/api/event/${event.id}/expenditure/${dinner.id}/restore`,
      {},
    );
    expect(restored.status).toBe(200);
    const applied = await ben.post<{ data: Expenditure }>(`/api/event/${event.id}/expenditure`, {
      id: dinner.id,
      ...base,
      title: 'Dinner (edited)',
      base: editable(restored.body.data),
    });
    expect(applied.status).toBe(200);
    expect(applied.body.data.title).toBe('Dinner (edited)');
  });

  it('a change naming a removed person is a 422 that says who was removed', async () => {
    const { api, event, people } = await setup();
    const dan = await api.post<{ data: User }>('/api/users', { event_id: event.id, name: 'Dan' });
    const danId = dan.body.data.id;
    expect((await api.del(`/api/event/${event.id}/users/${danId}`)).status).toBe(200);
    const answer = await api.post<RemovedPeopleAnswer>(
      `/api/event/${event.id}/expenditure`,
      expenseBody({ payer: people.ana, among: [people.ana, danId], amount: 3000 }),
    );
    expect(answer.status).toBe(422);
    const refusal = removedPeopleAnswerSchema.parse(answer.body);
    expect(refusal.removed_people).toEqual([{ user_id: danId, name: 'Dan' }]);
    expect(refusal.errors['participant.1.user_id']).toEqual(['Dan was removed from this event.']);
  });

  it('every pair of payment fields changed on two sides is merged, or refused naming the field', async () => {
    const { api, event, people, ana, ben } = await setup();
    const dan = (await api.post<{ data: User }>('/api/users', { event_id: event.id, name: 'Dan' }))
      .body.data.id;
    const fields = ['date', 'title', 'payer_id', 'payee_id', 'amount', 'percentage'];
    const edit = (payment: PaymentFields, field: string, side: 1 | 2): PaymentFields => {
      if (field === 'date') return { ...payment, date: `2026-11-1${side}` };
      if (field === 'title') return { ...payment, title: `Paid ${side}` };
      if (field === 'payer_id') return { ...payment, payer_id: side === 1 ? people.chloe : dan };
      if (field === 'payee_id') return { ...payment, payee_id: side === 1 ? dan : people.chloe };
      if (field === 'amount') return { ...payment, amount: 1000 + side, currency_id: 'USD' };
      return { ...payment, percentage: side * 10 };
    };
    const path = `/api/event/${event.id}/payments`;
    for (const anaField of fields) {
      for (const benField of fields) {
        const created = await api.post<{ data: Payment }>(
          path,
          paymentBody({ from: people.ben, to: people.ana, amount: 3000 }),
        );
        const base = paymentFields(created.body.data);
        const anaEdit = edit(base, anaField, 1);
        const benEdit = edit(base, benField, 2);
        expect((await ana.post(path, { id: created.body.data.id, ...anaEdit, base })).status).toBe(
          200,
        );
        const answer = await ben.post<EditConflictAnswer>(path, {
          id: created.body.data.id,
          ...benEdit,
          base,
        });
        const label = `Ana changed ${anaField}, Ben ${benField}`;
        // One names Chloé (or Dan) as payer, the other as payee: a payment from someone to
        // themselves, refused whole.
        const selfPayment =
          anaField !== benField &&
          [anaField, benField].every((f) => ['payer_id', 'payee_id'].includes(f));
        if (anaField === benField || selfPayment) {
          expect(answer.status, label).toBe(409);
          expect(
            answer.body.conflicts.map((c) => c.field),
            label,
          ).toEqual(expect.arrayContaining(selfPayment ? ['payer_id', 'payee_id'] : [anaField]));
          continue;
        }
        expect(answer.status, label).toBe(200);
        const read = await api.get<{ data: Event }>(`/api/events/${event.id}`);
        const stored = read.body.data.payments.find((p) => p.id === created.body.data.id);
        expect(stored, label).toMatchObject(paymentFieldsOf(anaEdit, anaField));
        expect(stored, label).toMatchObject(paymentFieldsOf(benEdit, benField));
      }
    }
  });

  it('a rename merges with the name the device saw: the same name is fine, two names conflict', async () => {
    const { event, people, ana, ben } = await setup();
    const path = `/api/event/${event.id}/users/${people.chloe}`;
    expect((await ana.put(path, { name: 'Chloe', base: { name: 'Chloé' } })).status).toBe(200);
    expect((await ben.put(path, { name: 'Chloe', base: { name: 'Chloé' } })).status).toBe(200);
    const refused = await ben.put<EditConflictAnswer>(path, {
      name: 'Chlo',
      base: { name: 'Chloé' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.conflicts).toEqual([
      expect.objectContaining({ field: 'name', base: 'Chloé', mine: 'Chlo', theirs: 'Chloe' }),
    ]);
    expect(refused.body.current).toMatchObject({ id: people.chloe, name: 'Chloe' });
  });

  it("every pair of the event's settings changed on two sides is merged, or refused naming it", async () => {
    const { api, event, ana, ben } = await setup();
    const path = `/api/events/${event.id}`;
    const fields = ['name', 'desc', 'currency_id', 'currency_rates.USD', 'currency_rates.GBP'];
    const edit = (side: 1 | 2, field: string, settings: Settings): Partial<Settings> => {
      if (field === 'name') return { name: `Trip ${side}` };
      if (field === 'desc') return { desc: `About ${side}` };
      if (field === 'currency_id') return { currency_id: side === 1 ? 'CHF' : 'SEK' };
      const currency = field.slice('currency_rates.'.length);
      const others = settings.currency_rates.filter((rate) => rate.currency_id !== currency);
      return {
        currency_rates: [
          ...others,
          { currency_id: currency, exchange_rate: side === 1 ? 0.9 : 0.8 },
        ],
      };
    };
    for (const anaField of fields) {
      for (const benField of fields) {
        const reset = await api.put<{ data: Event }>(path, {
          name: 'Trip',
          desc: '',
          currency_id: 'EUR',
          currency_rates: [{ currency_id: 'USD', exchange_rate: 0.92 }],
        });
        const base = settingsOf(reset.body.data);
        expect((await ana.put(path, { ...edit(1, anaField, base), base })).status).toBe(200);
        const answer = await ben.put<EditConflictAnswer | { data: Event }>(path, {
          ...edit(2, benField, base),
          base,
        });
        const label = `Ana changed ${anaField}, Ben ${benField}`;
        if (anaField === benField) {
          expect(answer.status, label).toBe(409);
          expect(
            (answer.body as EditConflictAnswer).conflicts.map((c) => c.field),
            label,
          ).toEqual([anaField]);
          continue;
        }
        expect(answer.status, label).toBe(200);
        const read = await api.get<{ data: Event }>(path);
        const stored = flatSettings(settingsOf(read.body.data));
        expect(stored[anaField], label).toEqual(
          flatSettings({ ...base, ...edit(1, anaField, base) })[anaField],
        );
        expect(stored[benField], label).toEqual(
          flatSettings({ ...base, ...edit(2, benField, base) })[benField],
        );
      }
    }
  });
});

function isPayerAndSplit(a: string, b: string): boolean {
  return (a === 'payer' && b === 'split') || (a === 'split' && b === 'payer');
}

/** The properties one expense field covers, from an edit. */
function fieldsOf(expense: ExpenseFields, field: string): Partial<ExpenseFields> {
  if (field === 'amount') {
    const { amount, currency_id, payer, participant } = expense;
    return { amount, currency_id, payer, participant };
  }
  if (field === 'split') return { split: expense.split, participant: expense.participant };
  return { [field]: expense[field as keyof ExpenseFields] };
}

type PaymentFields = ReturnType<typeof paymentFields>;

function paymentFields(payment: Payment) {
  const { date, title, payer_id, payee_id, amount, currency_id, percentage } = payment;
  return { date, title, payer_id, payee_id, amount, currency_id, percentage };
}

function paymentFieldsOf(payment: PaymentFields, field: string): Partial<PaymentFields> {
  if (field === 'amount') return { amount: payment.amount, currency_id: payment.currency_id };
  return { [field]: payment[field as keyof PaymentFields] };
}

type Settings = Pick<EventSummary, 'name' | 'desc' | 'image' | 'currency_id' | 'currency_rates'>;

function settingsOf(event: Event): Settings {
  const { name, desc, image, currency_id, currency_rates } = event;
  return { name, desc, image, currency_id, currency_rates };
}

function flatSettings(settings: Settings): Record<string, unknown> {
  const flat: Record<string, unknown> = { ...settings };
  for (const rate of settings.currency_rates) {
    flat[`currency_rates.${rate.currency_id}`] = rate.exchange_rate;
  }
  return flat;
}
