import type { Expenditure, ExpenditureBody } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { pendingRate } from './pending-rate';

const body: ExpenditureBody = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Hotel',
  desc: '',
  date: '2024-03-15',
  amount: 10_000,
  currency_id: 'USD',
  payer: [{ user_id: '00000000-0000-4000-8000-00000000000a', amount: 10_000 }],
  participant: [{ user_id: '00000000-0000-4000-8000-00000000000a', amount: 10_000 }],
};
const ecb = { value: 0.91810503, currency_id: 'EUR', date: '2024-03-15', source: 'ecb' as const };
const previous = { ...body, rate: ecb } as unknown as Expenditure;

describe('pendingRate', () => {
  it('has none in the event currency', () => {
    expect(pendingRate({ ...body, currency_id: 'EUR' }, undefined, 'EUR')).toBeNull();
  });

  it('takes a typed rate and an amount charged as sent', () => {
    expect(
      pendingRate({ ...body, rate: { source: 'manual', value: 0.95 } }, undefined, 'EUR'),
    ).toEqual({ value: 0.95, currency_id: 'EUR', date: '2024-03-15', source: 'manual' });
    expect(
      pendingRate({ ...body, rate: { source: 'charged', charged_amount: 9340 } }, undefined, 'EUR'),
    ).toMatchObject({ source: 'charged', charged_amount: 9340 });
  });

  it('keeps the rate of the date while the date stays, and leaves a new date to the server', () => {
    expect(pendingRate({ ...body, rate: null }, previous, 'EUR')).toEqual(ecb);
    expect(pendingRate({ ...body, rate: null, date: '2024-03-20' }, previous, 'EUR')).toBeNull();
    expect(pendingRate({ ...body, rate: null }, undefined, 'EUR')).toBeNull();
  });
});
