import { pageMeta } from '../lib/i18n';
import { SelectionPageTitle, OfferingSelectionPage } from '../features/offering/offering-pages';

// The title depends on the campaign (Allocation, or Founder's List Invitation): the page renders it.
export const meta = () => pageMeta('offeringAllocation', { noindex: true }).filter((tag) => !('title' in tag));

export default function OfferingAllocation() {
  return (
    <>
      <SelectionPageTitle />
      <OfferingSelectionPage />
    </>
  );
}
