/** The changes that are worth a notification. */
export type PushAction = 'created' | 'updated' | 'restored';

/** What a notification says about an expense: `title` as typed, `amount` already formatted. */
type ExpenseLine = (who: string, title: string, amount: string) => string;
/** What it says about a payment from `payer` to `payee`. */
type PaymentLine = (who: string, payer: string, payee: string, amount: string) => string;

export interface PushTexts {
  /** The Intl locale amounts are written in. */
  numberLocale: string;
  /** Stands for a person whose name the server does not know. */
  someone: string;
  expense: Record<PushAction, ExpenseLine>;
  /** An occurrence of a recurring expense the server made on its date: nobody added it. */
  repeated: (title: string, amount: string) => string;
  payment: Record<PushAction, PaymentLine>;
}
