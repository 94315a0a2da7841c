import { buildCurrencyList, formatCurrencyList } from '@server/currencies/generate-iso-4217';
import isoCurrencies from '@server/currencies/iso-4217.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';

const byId = new Map(isoCurrencies.map((currency) => [currency.id, currency]));

describe('iso-4217.json', () => {
  it('lists each currency once, sorted by code', () => {
    const ids = isoCurrencies.map((currency) => currency.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort());
    expect(ids.length).toBeGreaterThan(150);
  });

  it('has a code, a name, a unit and 0..4 decimals for every entry', () => {
    for (const currency of isoCurrencies) {
      expect(currency.id).toMatch(/^[A-Z]{3}$/);
      expect(currency.name.length).toBeGreaterThan(0);
      expect(currency.unit.length).toBeGreaterThan(0);
      expect(Number.isInteger(currency.decimals)).toBe(true);
      expect(currency.decimals).toBeGreaterThanOrEqual(0);
      expect(currency.decimals).toBeLessThanOrEqual(4);
    }
  });

  it('uses ISO 4217 minor units, not CLDR cash digits', () => {
    const expected: Record<string, number> = {
      EUR: 2,
      USD: 2,
      GBP: 2,
      HUF: 2,
      JPY: 0,
      KRW: 0,
      VND: 0,
      ISK: 0,
      CLP: 0,
      XOF: 0,
      KWD: 3,
      BHD: 3,
      JOD: 3,
      OMR: 3,
      TND: 3,
      LYD: 3,
      IQD: 3,
      CLF: 4,
      UYW: 4,
    };
    for (const [id, decimals] of Object.entries(expected)) {
      expect(byId.get(id)?.decimals, id).toBe(decimals);
    }
  });

  it('shows symbols where there is one', () => {
    expect(byId.get('EUR')).toEqual({ id: 'EUR', name: 'Euro', decimals: 2, unit: '€' });
    expect(byId.get('USD')?.unit).toBe('$');
    expect(byId.get('CHF')?.unit).toBe('CHF');
  });

  it('leaves out metals, testing codes, SDR, funds and withdrawn currencies', () => {
    for (const id of ['XAU', 'XAG', 'XPT', 'XPD', 'XTS', 'XXX', 'XBA', 'XDR', 'XSU', 'XUA']) {
      expect(byId.has(id), id).toBe(false);
    }
    for (const id of ['BOV', 'CHE', 'CHW', 'COU', 'MXV', 'USN', 'UYI', 'HRK', 'ANG', 'BGN']) {
      expect(byId.has(id), id).toBe(false);
    }
    expect(byId.has('XCG')).toBe(true);
  });
});

/** A List One excerpt in the agency's XML format. */
function listOne(published: string, rows: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<ISO_4217 Pblshd="${published}"><CcyTbl>${rows}</CcyTbl></ISO_4217>`;
}

function row(code: string, name: string, minor: string, fund = false): string {
  const attr = fund ? ' IsFund="true"' : '';
  return `<CcyNtry><CtryNm>X</CtryNm><CcyNm${attr}>${name}</CcyNm><Ccy>${code}</Ccy><CcyMnrUnts>${minor}</CcyMnrUnts></CcyNtry>`;
}

describe('buildCurrencyList', () => {
  const rows = [
    row('EUR', 'Euro', '2'),
    row('EUR', 'Euro', '2'),
    row('KWD', 'Kuwaiti Dinar', '3'),
    row('XAU', 'Gold', 'N.A.'),
    row('CLF', 'Unidad de Fomento', '4', true),
    row('MXV', 'Mexican Unidad de Inversion (UDI)', '2', true),
    row('BGN', 'Bulgarian Lev', '2'),
    row('ANG', 'Netherlands Antillean Guilder', '2'),
    '<CcyNtry><CtryNm>ANTARCTICA</CtryNm><CcyNm>No universal currency</CcyNm></CcyNtry>',
  ].join('');

  it('dedupes, drops non-currencies and funds but CLF, and applies later amendments', () => {
    const list = buildCurrencyList(listOne('2024-06-25', rows));
    expect(list.map(({ id, decimals }) => [id, decimals])).toEqual([
      ['CLF', 4],
      ['EUR', 2],
      ['KWD', 3],
      ['XCG', 2],
    ]);
  });

  it('trusts a list published after an amendment took effect', () => {
    const ids = buildCurrencyList(listOne('2026-06-01', rows)).map(({ id }) => id);
    expect(ids).toEqual(['ANG', 'BGN', 'CLF', 'EUR', 'KWD']);
  });

  it('reproduces the committed JSON layout', () => {
    const text = formatCurrencyList(isoCurrencies);
    expect(JSON.parse(text)).toEqual(isoCurrencies);
    expect(text.split('\n')[1]).toMatch(/^ {2}\{ "id": "[A-Z]{3}", "name": /);
  });

  it('refuses what is not List One', () => {
    expect(() => buildCurrencyList('<a>')).toThrow(/not well-formed/);
    expect(() => buildCurrencyList('<ISO_4217><CcyTbl/></ISO_4217>')).toThrow(/Pblshd/);
    expect(() => buildCurrencyList(listOne('2024-06-25', row('EUR', 'Euro', 'two')))).toThrow(
      /minor unit/,
    );
  });
});
