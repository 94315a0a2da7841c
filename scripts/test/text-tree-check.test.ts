import { describe, expect, it } from 'vitest';
import { checkTextTree } from '../i18n/text-tree-check';

describe('the check of the server’s texts of a language', () => {
  it('passes texts that are all there and write every value', () => {
    const texts = {
      title: 'كشف حساب',
      pays: (payer: string, payee: string) => `${payer} يدفع لـ ${payee}`,
    };
    expect(checkTextTree('ar', 'the PDF statement', texts)).toEqual([]);
  });

  it('fails on an empty text, a lost value and a text of values alone', () => {
    const texts = {
      title: ' ',
      nested: { pays: (payer: string, _payee: string) => `${payer} paga` },
      range: (from: string, to: string) => `${from} ${to}`,
    };
    expect(checkTextTree('pt-PT', 'the PDF statement', texts)).toEqual([
      "pt-PT: the PDF statement's title is empty",
      "pt-PT: the PDF statement's nested.pays leaves out its value 1",
      "pt-PT: the PDF statement's range has no words",
    ]);
  });
});
