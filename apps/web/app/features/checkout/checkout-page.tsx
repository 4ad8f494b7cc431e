import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OFFERING_PATHS } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { errorMessage, isApiError } from '../../lib/api-error';
import { useAddresses } from '../addresses/addresses.api';
import { useCards } from '../cards/cards.api';
import { WithOffering } from '../offering/offering-content';
import { OfferingGate, OfferingLoadFailed } from '../offering/offering-gate';
import { clearCartId } from '../offering/selection/cart-storage';
import { useStoredCart } from '../offering/selection/selection.api';
import { useDestinations } from './checkout.api';
import { CheckoutFlow } from './checkout-flow';

/** /offering/checkout: open while the member's offering is, and nothing is ordered from it yet. */
export function OfferingCheckoutPage() {
  return <OfferingGate page="checkout">{() => <CheckoutPage />}</OfferingGate>;
}

/** /offering/checkout: the saved cart, paid for in steps. Without a cart, back to the selection page. */
function CheckoutPage() {
  const { t } = useTranslation();
  const { cartId, cart } = useStoredCart();
  const addresses = useAddresses();
  const cards = useCards();
  const destinations = useDestinations();
  const cartGone = isApiError(cart.error) && cart.error.status === 404;
  useEffect(() => {
    if (cartGone) clearCartId();
  }, [cartGone]);

  if (!cartId || cartGone) {
    return <Navigate to={OFFERING_PATHS.allocation} replace />;
  }
  const queries = [cart, addresses, cards, destinations];
  const failed = queries.find((query) => query.isError);
  if (failed) {
    return (
      <OfferingLoadFailed
        message={errorMessage(failed.error, t('offering.checkout.loadFailed'))}
        onRetry={() => queries.forEach((query) => void query.refetch())}
      />
    );
  }
  if (!cart.data || !addresses.data || !cards.data || !destinations.data) {
    return (
      <div className="page offering-page">
        <PageLoading label={t('offering.checkout.loading')} />
      </div>
    );
  }
  const loadedCart = cart.data;
  const addressList = addresses.data;
  const cardList = cards.data;
  const servedDestinations = destinations.data;
  return (
    <WithOffering allocationId={loadedCart.allocationId}>
      {(offering) =>
        loadedCart.lines.some((line) => line.quantity > 0) ? (
          <CheckoutFlow offering={offering} cart={loadedCart} addresses={addressList} cards={cardList} destinations={servedDestinations} />
        ) : (
          <Navigate to={OFFERING_PATHS.allocation} replace />
        )
      }
    </WithOffering>
  );
}
