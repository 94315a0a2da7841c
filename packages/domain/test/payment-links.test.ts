import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPaymentDetails, paymentHandle, paymentLink, paymentOptions } from '../src/index';

const EUR = { amount: 734, currency: 'EUR', decimals: 2, payeeName: 'Ana', eventName: 'Lisbon' };

describe('paymentHandle', () => {
  it('finds the handle in what people paste', () => {
    expect(paymentHandle('@ana')).toBe('ana');
    expect(paymentHandle('paypal.me/ana')).toBe('ana');
    expect(paymentHandle('https://www.paypal.com/paypalme/ana/')).toBe('ana');
    expect(paymentHandle('https://revolut.me/ana12')).toBe('ana12');
    expect(paymentHandle('https://wise.com/pay/me/anam')).toBe('anam');
    expect(paymentHandle('  ')).toBe('');
  });
});

describe('paymentLink', () => {
  it('fills the amount in for PayPal.me in any currency', () => {
    expect(paymentLink('paypal', 'ana', EUR)).toEqual({
      url: 'https://paypal.me/ana/7.34EUR',
      withAmount: true,
    });
    expect(
      paymentLink('paypal', 'ana', { ...EUR, amount: 500, currency: 'JPY', decimals: 0 }),
    )?.toEqual({ url: 'https://paypal.me/ana/500JPY', withAmount: true });
  });

  it('fills the amount in for Venmo only in dollars, Monzo only in pounds, UPI only in rupees', () => {
    expect(paymentLink('venmo', 'ana', { ...EUR, currency: 'USD' })?.url).toBe(
      'https://venmo.com/ana?txn=pay&amount=7.34&note=Quits%3A%20Lisbon',
    );
    expect(paymentLink('venmo', 'ana', EUR)).toEqual({
      url: 'https://venmo.com/ana',
      withAmount: false,
    });
    expect(paymentLink('monzo', 'ana', { ...EUR, currency: 'GBP' })?.url).toBe(
      'https://monzo.me/ana/7.34?d=Quits%3A%20Lisbon',
    );
    expect(paymentLink('upi', 'ana@okbank', { ...EUR, currency: 'INR' })?.url).toBe(
      'upi://pay?pa=ana%40okbank&pn=Ana&tn=Quits%3A%20Lisbon&am=7.34&cu=INR',
    );
    expect(paymentLink('upi', 'ana@okbank', EUR)?.withAmount).toBe(false);
  });

  it('opens the Revolut and Wise pages without an amount', () => {
    expect(paymentLink('revolut', 'ana', EUR)).toEqual({
      url: 'https://revolut.me/ana',
      withAmount: false,
    });
    expect(paymentLink('wise', 'ana', EUR)?.url).toBe('https://wise.com/pay/me/ana');
  });

  it('escapes a handle so it can never leave its place in the address', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (handle) => {
        const link = paymentLink('paypal', `x${handle}`, EUR);
        const path = link?.url.slice('https://paypal.me/'.length) ?? '';
        expect(path.split('/')).toHaveLength(2);
        expect(path).not.toMatch(/[?#\s]/);
      }),
    );
  });
});

describe('paymentOptions', () => {
  it('offers the EPC QR code and the IBAN for a euro transfer, then links, keys and text', () => {
    const options = paymentOptions(
      {
        iban: 'de89 3704 0044 0532 0130 00',
        paypal: 'ana',
        pix: 'ana@example.com',
        other: 'Cash is fine',
      },
      EUR,
    );
    expect(options.map((option) => option.kind)).toEqual(['epc', 'iban', 'link', 'copy', 'text']);
    expect(options[1]).toEqual({
      kind: 'iban',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: '',
      holder: 'Ana',
    });
  });

  it('offers no QR code outside euros and nothing for an IBAN that fails its checksum', () => {
    const usd = paymentOptions({ iban: 'DE89370400440532013000' }, { ...EUR, currency: 'USD' });
    expect(usd.map((option) => option.kind)).toEqual(['iban']);
    expect(paymentOptions({ iban: 'DE88370400440532013000' }, EUR)).toEqual([]);
  });

  it('offers nothing without details', () => {
    expect(paymentOptions(null, EUR)).toEqual([]);
    expect(hasPaymentDetails({ paypal: ' ' })).toBe(false);
    expect(hasPaymentDetails({ paypal: 'ana' })).toBe(true);
  });
});
