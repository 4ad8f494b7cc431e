import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_CAPTURED_ON, type FulfilmentTarget, type StaffOrder } from '@winery/domain';
import { Confirm } from '../../components/confirm';
import { TextInput } from '../../components/fields';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { fieldErrorsOf } from '../../lib/field-errors';
import { formatCents } from '../../lib/money';
import { toastSaved } from '../../lib/toasts';
import { useChangeOrderStatus, type StatusChange } from './orders.api';

const CARRIERS = ['UPS', 'FedEx', 'USPS', 'DHL'];

/**
 * The moves the order can make now (the API's `nextSteps`, so only legal ones): Processing, Ready
 * for pick-up and Picked up at once; Shipped through the carrier and tracking number form; Cancel
 * after a confirm that says what happens to the payment and the bottles. A refusal (409) is shown
 * in the API's words beside the buttons.
 */
export function OrderActions({ order }: { order: StaffOrder }) {
  const { t } = useTranslation('staff');
  const change = useChangeOrderStatus(order.id);
  const [shipping, setShipping] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [carrier, setCarrier] = useState(order.fulfilment.carrier ?? '');
  const [trackingNumber, setTrackingNumber] = useState(order.fulfilment.trackingNumber ?? '');

  const steps = order.fulfilment.nextSteps;
  // The step that would charge the card, said before it is taken (ADR 025).
  const charging = order.payment.status === 'authorized' ? steps.find((step) => PAYMENT_CAPTURED_ON.includes(step)) : undefined;

  // Keyboard users land where the work goes on: in the shipping form once opened.
  useEffect(() => {
    if (shipping) document.getElementById('order-carrier')?.focus();
  }, [shipping]);
  const fieldErrors = fieldErrorsOf(change.error);
  const refused = isApiError(change.error) && change.error.status !== 400 ? errorMessage(change.error, t('states.saveFailed')) : null;

  const send = (body: StatusChange, { onSuccess, onSettled }: { onSuccess?: () => void; onSettled?: () => void } = {}) =>
    change.mutate(body, {
      onSuccess: (saved) => {
        toastSaved(t('orders.moved', { number: saved.number, status: t(`orders.status.${saved.fulfilment.status}`) }));
        onSuccess?.();
        // The button pressed is gone with the step it made: focus the next one (or what is said instead).
        window.setTimeout(() => document.querySelector<HTMLElement>('.staff-order-actions button, .staff-order-actions [tabindex]')?.focus());
      },
      onSettled,
    });

  const submitShipping = (event: FormEvent) => {
    event.preventDefault();
    send({ status: 'shipped', carrier, trackingNumber }, { onSuccess: () => setShipping(false) });
  };


  const button = (step: FulfilmentTarget) => {
    if (step === 'shipped') {
      return (
        <button key={step} type="button" className="button button--primary" aria-expanded={shipping} aria-controls="order-ship-form" onClick={() => setShipping((open) => !open)}>
          {t('orders.actions.shipped')}
        </button>
      );
    }
    if (step === 'cancelled') {
      return (
        <button key={step} type="button" className="button button--quiet staff-danger" onClick={() => setCancelling(true)}>
          {t('orders.actions.cancelled')}
        </button>
      );
    }
    return (
      <button key={step} type="button" className="button button--primary" disabled={change.isPending} onClick={() => send({ status: step })}>
        {t(`orders.actions.${step}`)}
      </button>
    );
  };

  return (
    <div className="staff-order-actions">
      {steps.length === 0 ? (
        <p className="staff-muted" tabIndex={-1}>
          {t('orders.final')}
        </p>
      ) : (         <div className="staff-actions">{steps.map(button)}</div>
      )}
      {charging ? (
        <p className="staff-muted" data-testid="order-charge-note">
          {t(`orders.chargeNote.${charging}`, { amount: formatCents(order.totals.totalCents) })}
        </p>
      ) : null}
      {refused ? (
        <p className="staff-form__error" role="alert" data-testid="order-refused">
          {refused}
        </p>
      ) : null}
      {shipping && steps.includes('shipped') ? (
        <form id="order-ship-form" className="staff-order-ship" onSubmit={submitShipping} noValidate aria-label={t('orders.ship.label')}>
          <TextInput id="order-carrier" label={t('orders.ship.carrier')} value={carrier} onChange={setCarrier} list="order-carriers" autoComplete="off" error={fieldErrors.carrier} />
          <datalist id="order-carriers">
            {CARRIERS.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <TextInput
            id="order-tracking"
            label={t('orders.ship.trackingNumber')}
            value={trackingNumber}
            onChange={setTrackingNumber}
            autoComplete="off"
            spellCheck={false}
            error={fieldErrors.trackingNumber}
          />
          <div className="staff-actions">
            <button type="submit" className="button button--primary" disabled={change.isPending} aria-busy={change.isPending}>
              <span className="button__spinner" aria-hidden="true" />
              {t('orders.ship.submit')}
            </button>
            <button type="button" className="button button--quiet" onClick={() => setShipping(false)}>
              {t('actions.cancel')}
            </button>
          </div>
        </form>
      ) : null}
      <Confirm
        open={cancelling}
        title={t('orders.cancel.title', { number: order.number })}
        body={t(order.payment.status === 'authorized' ? 'orders.cancel.bodyHold' : 'orders.cancel.bodyRefund', {
          bottles: order.lines.reduce((sum, line) => sum + line.quantity, 0),
        })}
        confirmLabel={t('orders.cancel.confirm')}
        busy={change.isPending}
        onCancel={() => setCancelling(false)}
        onConfirm={() => send({ status: 'cancelled' }, { onSettled: () => setCancelling(false) })}
      />
    </div>
  );
}
