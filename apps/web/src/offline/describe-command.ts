import type { TFunction } from 'i18next';
import type { Command } from './commands';

/** A waiting change in words, e.g. "Add expense “Taxi”", for the sync panel. */
export function describeCommand(command: Command, t: TFunction): string {
  const { change } = command;
  switch (change.kind) {
    case 'event.create':
      return t('sync.change.eventCreate', { name: change.body.name });
    case 'event.update':
      return t('sync.change.eventUpdate');
    case 'event.close':
      return t(change.closed ? 'sync.change.eventClose' : 'sync.change.eventReopen');
    case 'expense.save':
      return t('sync.change.expenseSave', { title: change.body.title });
    case 'expense.delete':
      return t('sync.change.expenseDelete');
    case 'expense.restore':
      return t('history.sync.expenseRestore', { title: change.expense.title });
    case 'payment.save':
      return t('sync.change.paymentSave');
    case 'payment.delete':
      return t('sync.change.paymentDelete');
    case 'payment.restore':
      return t('history.sync.paymentRestore');
    case 'person.add':
      return t('sync.change.personAdd', { name: change.body.name });
    case 'person.rename':
      return t('sync.change.personRename', { name: change.name });
    case 'person.remove':
      return t('sync.change.personRemove');
    case 'person.paymentDetails':
      return t('sync.change.personPaymentDetails');
    case 'person.presence':
      return t('sync.change.personPresence');
    case 'person.defaultWeight':
      return t('sync.change.personDefaultWeight');
    case 'recurrence.save':
      return t('sync.change.recurrenceSave', { title: change.body.expense.title });
    case 'recurrence.change':
      return t('sync.change.recurrenceChange');
  }
}
