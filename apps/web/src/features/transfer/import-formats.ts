import type { ImportFileFormat, ImportSource } from '@quits/contract';

/** The apps' own names (not translated) and the kind of file, as the preview names a format. */
export const FORMAT_NAMES: Record<ImportFileFormat, string> = {
  'quits-json': 'Quits (JSON)',
  'splitwise-csv': 'Splitwise (CSV)',
  'spliit-json': 'Spliit (JSON)',
  'spliit-csv': 'Spliit (CSV)',
  'ihatemoney-json': 'IHateMoney (JSON)',
  'ihatemoney-csv': 'IHateMoney (CSV)',
  'cospend-csv': 'Cospend (CSV)',
  'moneybuster-csv': 'MoneyBuster (CSV)',
  'settle-up-csv': 'Settle Up (CSV)',
  'abrechnung-json': 'Abrechnung (JSON)',
};

/** The apps whose files the import reads, in the order the import screen lists them. */
export const IMPORTED_APPS: readonly { source: ImportSource; name: string }[] = [
  { source: 'quits', name: 'Quits' },
  { source: 'splitwise', name: 'Splitwise' },
  { source: 'spliit', name: 'Spliit' },
  { source: 'ihatemoney', name: 'IHateMoney' },
  { source: 'cospend', name: 'Cospend' },
  { source: 'moneybuster', name: 'MoneyBuster' },
  { source: 'settle-up', name: 'Settle Up' },
  { source: 'abrechnung', name: 'Abrechnung' },
];
