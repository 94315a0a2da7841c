import { parseReceiptText } from '@server/receipts/reading/receipt-parser';
import { describe, expect, it } from 'vitest';

// Receipts as OCR gives them back: made up for these tests, in the layouts and languages
// receipts come in, with the misreadings OCR makes. `today` pins the dates' upper bound.
const today = new Date('2026-01-15T12:00:00Z');
const parse = (text: string) => parseReceiptText(text, { today });

describe('parseReceiptText: the total', () => {
  it('reads a Malaysian receipt with RM amounts, GST lines, cash and change', () => {
    const receipt = parse(`
      KEDAI RUNCIT MAJU JAYA SDN BHD
      (123456-A)
      NO 12, JALAN BUNGA RAYA 3, 43000 KAJANG
      TEL: 03-8736 1122
      GST REG NO: 000123456789
      TAX INVOICE
      Date: 14/03/2018 10:22
      MILO 1KG            1 x 17.90   17.90 SR
      GARDENIA BREAD      2 x 3.50     7.00 SR
      Total Sales (Excluding GST)     23.49
      Total GST 6%                     1.41
      Rounding                         0.00
      Total Sales (Inclusive GST) RM  24.90
      CASH RM                         50.00
      CHANGE RM                       25.10
      GST Summary  Amount(RM)  Tax(RM)
      SR @ 6%        23.49       1.41
    `);
    expect(receipt.total).toBe('24.90');
    expect(receipt.currency_id).toBe('MYR');
    expect(receipt.date).toBe('2018-03-14');
    expect(receipt.merchant).toBe('KEDAI RUNCIT MAJU JAYA SDN BHD');
    expect(receipt.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('prefers the grand total to the subtotal, the tax, the cash handed over and the change', () => {
    const receipt = parse(`
      THE CORNER DINER
      Burger              12.50
      Fries                4.00
      Subtotal            16.50
      Tax 8%               1.32
      Grand Total         17.82
      Cash                20.00
      Change               2.18
    `);
    expect(receipt.total).toBe('17.82');
    expect(receipt.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('takes a total printed on the line under its label', () => {
    const receipt = parse(`
      HARBOUR BOOKS LTD
      Paperback            9.99
      Notebook             3.50
      TOTAL
      £13.49
      CARD
      £13.49
    `);
    expect(receipt.total).toBe('13.49');
    expect(receipt.currency_id).toBe('GBP');
  });

  it('pairs labels and values read column by column', () => {
    const receipt = parse(`
      MINI MART
      SUBTOTAL
      SERVICE CHARGE
      TOTAL
      CASH
      CHANGE
      40.00
      4.00
      44.00
      50.00
      6.00
    `);
    expect(receipt.total).toBe('44.00');
  });

  it('reads a German receipt with decimal commas, SUMME and MwSt', () => {
    const receipt = parse(`
      Bäckerei Sonnenschein GmbH
      Hauptstraße 5, 10115 Berlin
      Datum: 03.02.2024  08:14
      Brezel              1,20 A
      Kaffee groß         3,40 A
      Croissant 2 x 1,50  3,00 A
      SUMME EUR           7,60
      Gegeben Bar        10,00
      Rückgeld            2,40
      MwSt 7%  Netto 7,10  Steuer 0,50
    `);
    expect(receipt.total).toBe('7.60');
    expect(receipt.currency_id).toBe('EUR');
    expect(receipt.date).toBe('2024-02-03');
    expect(receipt.merchant).toBe('Bäckerei Sonnenschein GmbH');
  });

  it('reads a US receipt: tax, a tip, balance due, amount tendered and change due', () => {
    const receipt = parse(`
      JOE'S GRILL
      1200 Main St, Springfield IL
      03/04/2024 7:15 PM
      2 Cheeseburger          $21.98
      1 Lemonade               $3.49
      SUBTOTAL                $25.47
      SALES TAX 8.25%          $2.10
      TIP                      $4.00
      BALANCE DUE             $31.57
      AMOUNT TENDERED         $40.00
      CHANGE DUE               $8.43
    `);
    expect(receipt.total).toBe('31.57');
    expect(receipt.currency_id).toBe('USD');
    // Month first on a receipt in dollars.
    expect(receipt.date).toBe('2024-03-04');
    expect(receipt.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('reads thousands separators both ways: 1.234,50 and 1,234.50', () => {
    expect(
      parse(`
        Möbelhaus Keller AG
        Sofa               1.199,00
        Lieferung             35,50
        Gesamtbetrag EUR   1.234,50
        EC-Karte           1.234,50
      `).total,
    ).toBe('1234.50');
    expect(
      parse(`
        AUDIO WORLD INC.
        Speakers           1,099.00
        Cables               135.50
        TOTAL USD          1,234.50
        VISA               1,234.50
      `).total,
    ).toBe('1234.50');
  });

  it('reads a French receipt: total TTC, TVA, espèces and rendu', () => {
    const receipt = parse(`
      CARREFOUR CITY
      12 rue de la Paix 75002 Paris
      Le 12 janv. 2023 à 18:42
      PAIN DE MIE          1,89
      FROMAGE RAPE         2,45
      EAU MINERALE X6      3,10
      TOTAL TTC            7,44 €
      ESPECES             10,00 €
      RENDU                2,56 €
      TVA 5,5%  HT 7,05  TVA 0,39
    `);
    expect(receipt.total).toBe('7.44');
    expect(receipt.currency_id).toBe('EUR');
    expect(receipt.date).toBe('2023-01-12');
  });

  it('reads a Spanish receipt: importe total, IVA incluido, efectivo and cambio', () => {
    const receipt = parse(`
      Cafetería La Plaza S.L.
      Fecha: 5 de marzo de 2022
      2 x Café con leche     3,00
      1 x Tostada            2,20
      IVA 10% incluido       0,47
      TOTAL A PAGAR          5,20 €
      Efectivo              20,00
      Cambio                14,80
    `);
    expect(receipt.total).toBe('5.20');
    expect(receipt.date).toBe('2022-03-05');
    expect(receipt.items).toContainEqual({ name: 'Café con leche', amount: '3.00', quantity: 2 });
  });

  it('reads a Vietnamese receipt in dong without decimals', () => {
    const receipt = parse(`
      CÔNG TY TNHH CÀ PHÊ SÀI GÒN
      Ngày 20 tháng 11 năm 2023
      Cà phê sữa đá    2   58.000
      Bánh mì thịt     1   25.000
      Tổng cộng:           83.000 đ
      Tiền khách đưa:     100.000
      Tiền thừa:           17.000
    `);
    expect(receipt.total).toBe('83000');
    expect(receipt.currency_id).toBe('VND');
    expect(receipt.date).toBe('2023-11-20');
  });

  it('reads an Italian receipt: totale complessivo and contanti', () => {
    const receipt = parse(`
      TRATTORIA DA MARIO
      Data 07/08/2021
      Coperto x2            4,00
      Spaghetti carbonara  12,50
      TOTALE COMPLESSIVO   16,50
      CONTANTI             20,00
      RESTO                 3,50
    `);
    expect(receipt.total).toBe('16.50');
    expect(receipt.date).toBe('2021-08-07');
  });

  it('takes the rounded total after a cash rounding adjustment', () => {
    const receipt = parse(`
      KEDAI MAKAN SELERA
      NASI LEMAK            5.50
      TEH TARIK             2.33
      SUB TOTAL             7.83
      ROUNDING ADJ          0.02
      NETT TOTAL            7.85
      CASH                 10.00
      CHANGE                2.15
    `);
    expect(receipt.total).toBe('7.85');
    expect(receipt.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('finds the total from the payment when its own line is misread', () => {
    // "TOTAL RM 149_1" lost its decimal point; cash minus change and subtotal plus tax agree.
    const receipt = parse(`
      SRI MURNI STATIONERY
      A4 PAPER 1X          8.90
      GLUE 1X              4.40
      TAX AMT (S) 6% RM   13.30
      GST 6% RM            0.80
      TOTAL RM 141Q
      CASH RM             20.00
      CHANGE RM            5.90
    `);
    expect(receipt.total).toBe('14.10');
    expect(receipt.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('distrusts a total below a confirmed subtotal when nothing was discounted', () => {
    // "Net Total 85.20" with its 8 read as a 3; the items and the tax summary say 85.20.
    const receipt = parse(`
      DIM SUM HOUSE SDN BHD
      4 PORK BUNS @9.00       36.00 SR
      2 EGG TARTS @7.60       15.20 SR
      2 TEA @8.00             16.00 SR
      2 DUMPLINGS @9.00       18.00 SR
      SubTotal                85.20
      Net Total               35.20
      Tax Summary  Amount  Tax
      SR @ 0%       85.20   0.00
    `);
    expect(receipt.total).toBe('85.20');
  });

  it('keeps a total below the subtotal when a discount explains it', () => {
    const receipt = parse(`
      SPORTS OUTLET
      Running shoes         120.00
      Socks                  30.00
      Subtotal              150.00
      Member discount       -15.00
      TOTAL                 135.00
      VISA                  135.00
    `);
    expect(receipt.total).toBe('135.00');
    expect(receipt.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('does not let a misread subtotal outweigh the labelled total', () => {
    const receipt = parse(`
      YONG ENTERPRISE
      BAG 1 80.91 80.91 SR
      Total Sales (Excluding GST) 850.61
      Total GST 0.00
      Total Sales (Inclusive of GST) 80.90
      CASH 100.00
      Change 19.10
    `);
    expect(receipt.total).toBe('80.90');
  });

  it('reads "12. 50" and "1O.50" as OCR breaks them', () => {
    expect(parse('FRUIT STALL\nTOTAL 12. 50\nCASH 20.00\nCHANGE 7.50').total).toBe('12.50');
    expect(parse('FRUIT STALL\nTOTAL RM1O.50\nCASH 20.00\nCHANGE 9.50').total).toBe('10.50');
  });

  it('reads a misspelled label: "Tatal" and "T0TAL"', () => {
    expect(parse('SHOP\nItem A 3.00\nItem B 4.00\nTatal 7.00\nFoo 1.00').total).toBe('7.00');
    expect(parse('SHOP\nItem A 3.00\nT0TAL AMOUNT 3.00').total).toBe('3.00');
  });

  it('is unsure, and says so, when nothing labels or checks the amount', () => {
    const receipt = parse('SOME SHOP\nthing 4.20\nother 2.10\n');
    expect(receipt.total).toBe('4.20');
    expect(receipt.confidence).toBeLessThan(0.7);
  });

  it('answers nothing rather than a guess when the text has no amount', () => {
    const receipt = parse('blurry\n\n~~ ## ..\n');
    expect(receipt).toMatchObject({ total: null, confidence: 0, items: [], date: null });
  });
});

describe('parseReceiptText: items', () => {
  it('reads item lines with quantities in their usual forms', () => {
    const receipt = parse(`
      HAPPY NOODLE HOUSE
      2 x Dumplings          9.00
      Fried rice 1 @ 7.50    7.50
      3 Iced tea             6.00
      SUBTOTAL              22.50
      SERVICE CHARGE 10%     2.25
      TOTAL                 24.75
    `);
    expect(receipt.items).toEqual([
      { name: 'Dumplings', amount: '9.00', quantity: 2 },
      { name: 'Fried rice', amount: '7.50', quantity: 1 },
      { name: 'Iced tea', amount: '6.00', quantity: 3 },
    ]);
    expect(receipt.total).toBe('24.75');
    expect(receipt.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('joins a name printed above its quantity and price, and drops barcodes and tax codes', () => {
    const receipt = parse(`
      HARDWARE TRADING
      UNICORN SUPER GLUE
      9557368063013 1X 5.20 5.20 SR
      A4 COLOR PAPER 100 SHEETS
      2777008 1X 8.90 8.90 SR
      TOTAL 14.10
    `);
    expect(receipt.items).toEqual([
      { name: 'UNICORN SUPER GLUE', amount: '5.20', quantity: 1 },
      { name: 'A4 COLOR PAPER 100 SHEETS', amount: '8.90', quantity: 1 },
    ]);
  });
});

describe('parseReceiptText: dates', () => {
  const dateOf = (line: string, options: { monthFirst?: boolean } = {}) =>
    parseReceiptText(`SHOP\n${line}\nTOTAL 1.00`, { today, ...options }).date;

  it('reads day/month/year in its usual spellings', () => {
    expect(dateOf('Date: 25/12/2018 8:13:39 PM')).toBe('2018-12-25');
    expect(dateOf('24-01-18 10:43AM')).toBe('2018-01-24');
    expect(dateOf('2018-01-05 19:30')).toBe('2018-01-05');
    expect(dateOf('Datum 03.02.2024')).toBe('2024-02-03');
    expect(dateOf('05-JAN-2017')).toBe('2017-01-05');
    expect(dateOf('12 Jan 2018')).toBe('2018-01-12');
    expect(dateOf('January 12, 2018')).toBe('2018-01-12');
    expect(dateOf('12. März 2021')).toBe('2021-03-12');
    expect(dateOf('Ngày 20 tháng 11 năm 2023')).toBe('2023-11-20');
    expect(dateOf('2023年11月20日')).toBe('2023-11-20');
  });

  it('reads an ambiguous date day first, or month first for US receipts', () => {
    expect(dateOf('03/04/2018')).toBe('2018-04-03');
    expect(dateOf('03/04/2018', { monthFirst: true })).toBe('2018-03-04');
    expect(dateOf('12/31/2018')).toBe('2018-12-31');
  });

  it('puts back letters OCR reads for digits, and ignores phone numbers and future dates', () => {
    expect(dateOf('Date : Z5/12/2O18')).toBe('2018-12-25');
    expect(dateOf('Sat 21/10/7017 01:31')).toBe('2017-10-21');
    expect(
      parseReceiptText('SHOP\nTel. : 05.22.95.66.66\nle 30/03/2018 a 12:36', { today }).date,
    ).toBe('2018-03-30');
    expect(dateOf('Date 65 Jan 2017 12:41pm')).toBe('2017-01-05');
    expect(dateOf('Valid until 01/01/2031')).toBeNull();
  });
});

describe('parseReceiptText: currency', () => {
  const currencyOf = (text: string) => parse(text).currency_id;

  it('reads the currency from symbols and codes', () => {
    expect(currencyOf('TOTAL € 5.00')).toBe('EUR');
    expect(currencyOf('TOTAL $5.00')).toBe('USD');
    expect(currencyOf('TOTAL S$5.00')).toBe('SGD');
    expect(currencyOf('TOTAL £5.00')).toBe('GBP');
    expect(currencyOf('TOTAL RM5.00')).toBe('MYR');
    expect(currencyOf('TOTAL CHF 5.00')).toBe('CHF');
    expect(currencyOf('TOTAL 56.00 DH')).toBe('MAD');
    expect(currencyOf('Tổng cộng 83.000 ₫')).toBe('VND');
    expect(currencyOf('合計 ¥1,200')).toBe('JPY');
    expect(currencyOf('合计 ¥ 35.00 元')).toBe('CNY');
  });

  it('says nothing when no sign is printed', () => {
    expect(currencyOf('TOTAL 5.00')).toBeNull();
  });
});
