import { findMerchant, merchantClarity } from '@server/receipts/reading/merchant-finder';
import { describe, expect, it } from 'vitest';

describe("the merchant: the shop's name at the head of the receipt", () => {
  it('takes the line with the legal form, even with an address word in it', () => {
    expect(
      findMerchant(['tan woon yann', 'BOOK TA .K (TAMAN DAYA) SDN BHD', 'NO.5 JALAN SAGU']),
    ).toBe('BOOK TA .K (TAMAN DAYA) SDN BHD');
  });

  it('recognises a legal form the OCR misread', () => {
    expect(findMerchant(['IER Fy Smee RPE', 'DIGI TELECOMMUNICATIONS SON EMD'])).toBe(
      'DIGI TELECOMMUNICATIONS SON EMD',
    );
  });

  it('joins a name printed over two lines', () => {
    expect(
      findMerchant([
        'LIAN CHI PU TIAN VEGETARIAN',
        'RESTAURANT SDN BHD',
        '1095514-X',
        '(GST ID No: 001147416576)',
      ]),
    ).toBe('LIAN CHI PU TIAN VEGETARIAN RESTAURANT SDN BHD');
  });

  it('leaves the registration number out of the name', () => {
    expect(
      findMerchant(['tv', 'AEON CO. (M) BHD. (126926-H)', '3 FLOOR, AEON TAMAN MALURI SC']),
    ).toBe('AEON CO. (M) BHD.');
  });

  it("passes over a cashier's name in lower case for the printed name", () => {
    expect(findMerchant(['anna lee', 'CORNER BAKERY', 'Tel 0123'])).toBe('CORNER BAKERY');
  });

  it('does not take a company registration line for the name', () => {
    expect(findMerchant(['Company Reg No 12345', 'GREEN GROCER'])).toBe('GREEN GROCER');
  });

  it('joins the second half of a name printed below it, without the speck after it', () => {
    expect(
      findMerchant(['KIM LOONG HARDWARE', 'TRADING 7', '(001234567-K)', 'NO 5, JALAN BATU']),
    ).toBe('KIM LOONG HARDWARE TRADING');
  });

  it('does not join a second name below one that already has its legal form', () => {
    expect(findMerchant(['NOODLE HOUSE SDN BHD', 'RESTAURANT PLAZA OUTLET', 'TEL 03-1234'])).toBe(
      'NOODLE HOUSE SDN BHD',
    );
  });

  it('does not join a long line below: it is the next part of the header', () => {
    expect(
      findMerchant(['GOLDEN STATIONERY', 'SHOP OPEN DAILY FROM NINE TO SIX', 'TEL 03-1234']),
    ).toBe('GOLDEN STATIONERY');
  });

  it('keeps a digit that is part of the name after a business word', () => {
    expect(findMerchant(['CORNER CAFE 21', 'NO 3 JALAN MAWAR'])).toBe('CORNER CAFE 21');
  });

  it('sees a business word inside a brand written in camel case', () => {
    expect(findMerchant(['Welcome!', 'QuickMart', 'Lumen Retail Sdn Bhd (123456-A)'])).toBe(
      'QuickMart',
    );
  });

  it('takes the legal name below a camel-case brand without a business word in it', () => {
    expect(findMerchant(['BlueWave', 'Lumen Retail Sdn Bhd (123456-A)'])).toBe(
      'Lumen Retail Sdn Bhd',
    );
  });

  it('reads "&" where OCR put an "8" between two single letters', () => {
    expect(findMerchant(['\\', 'j8K STATIONERY', '(002345678-H)'])).toBe('j&K STATIONERY');
    expect(findMerchant(['B8B MARKET'])).toBe('B&B MARKET');
  });

  it('leaves an 8 that is part of a longer word or number alone', () => {
    expect(findMerchant(['KEDAI 88 MAKAN', 'NO 8 JALAN 8A'])).toBe('KEDAI 88 MAKAN');
    expect(findMerchant(['BB8 MARKET'])).toBe('BB8 MARKET');
  });

  it("puts back a name's first letters cut off at the print's edge, from its web address", () => {
    expect(
      findMerchant(['VOPAC TRADING SDN BHD (1234567-M)', 'TEL: 03-1234', 'VW. novopac.com']),
    ).toBe('NOVOPAC TRADING SDN BHD');
  });

  it('does not change a name that merely shares its end with a web address', () => {
    expect(findMerchant(['PAC TRADING SDN BHD', 'www.spacious-living.com'])).toBe(
      'PAC TRADING SDN BHD',
    );
    expect(findMerchant(['MART SENTOSA', 'www.walmart.com'])).toBe('MART SENTOSA');
    expect(findMerchant(['AMART FOODS', 'www.asiamart.com'])).toBe('AMART FOODS');
  });

  it('does not take a misread registration label for a business name', () => {
    expect(findMerchant(['Company Rea #1101083-T', 'Lily Beauty'])).toBe('Lily Beauty');
  });

  it('does not take a postcode and town for the name', () => {
    expect(findMerchant(['x', '46000 PETALING JAYA, SELANGOR.'])).toBeNull();
    expect(findMerchant(['1901 HOTDOGS'])).toBe('1901 HOTDOGS');
  });

  it('without a business word, takes no name-like line from below the address', () => {
    expect(
      findMerchant(['A.', 'NO. 5, JALAN BESAR, 45600 KAJANG', 'SELANGOR DARUL EHSAN']),
    ).toBeNull();
    expect(findMerchant(['Lily Beauty', 'NO. 5, JALAN BESAR', 'SELANGOR'])).toBe('Lily Beauty');
  });
});

describe('merchantClarity: which of several readings of the name to keep', () => {
  it('ranks a legal form above a business word above a bare name', () => {
    expect(merchantClarity('ABC SDN BHD')).toBeGreaterThan(merchantClarity('ABC MART'));
    expect(merchantClarity('ABC MART')).toBeGreaterThan(merchantClarity('ABC'));
    expect(merchantClarity('ABC')).toBeGreaterThan(merchantClarity(null));
  });

  it('prefers a legal form read as printed to a misread one', () => {
    expect(merchantClarity('Teak Cash & Carry Sdn.Bhd')).toBeGreaterThan(
      merchantClarity('Teak Cash & Carry Sdn.ERhd'),
    );
  });

  it('prefers a reading without stray symbols', () => {
    expect(merchantClarity('Teak Cash & Carry Sdn.Bhd')).toBeGreaterThan(
      merchantClarity('Teak Cash §& Carry Sdn.Bhd'),
    );
  });

  it('never ranks a clean business word above a misread legal form', () => {
    expect(merchantClarity('TEAK SON EHD')).toBeGreaterThan(merchantClarity('TEAK MART'));
  });
});
