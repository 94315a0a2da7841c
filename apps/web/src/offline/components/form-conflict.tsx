import type { Event } from '@quits/contract';
import type { Change } from '@web/offline/commands';
import type { ConflictRefusal } from '@web/offline/refusal';
import { settleChange } from '@web/offline/settle-change';
import { useWording } from '@web/offline/use-wording';
import { ConflictChoice } from './conflict-choice';

/**
 * A form's direct save refused because another device changed the same fields meanwhile: the
 * same choice as in the sync list. Keeping a side hands the settled change back to be sent at
 * once; "Edit" lets the form refill itself with the server's entry and this device's changes.
 */
export function FormConflict(props: {
  refusal: ConflictRefusal;
  /** The change as it was sent, with its base. */
  change: Change;
  event: Event;
  busy: boolean;
  onResend(change: Change): void;
  /** Where the form can refill itself; a one-field form (a name) has no need. */
  onEdit?: () => void;
}) {
  const wording = useWording(props.event);
  const { change } = props;
  const currencyId =
    change.kind === 'expense.save' || change.kind === 'payment.save'
      ? (change.body.currency_id ?? props.event.currency_id)
      : props.event.currency_id;
  return (
    <ConflictChoice
      conflicts={props.refusal.conflicts}
      currencyId={currencyId}
      wording={wording}
      busy={props.busy}
      onKeep={(keep) => props.onResend(settleChange(change, props.refusal.conflicts, keep))}
      onEdit={props.onEdit}
    />
  );
}
