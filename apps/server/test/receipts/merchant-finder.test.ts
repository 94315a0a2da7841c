import { findMerchant } from '@server/receipts/reading/merchant-finder';
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
});
