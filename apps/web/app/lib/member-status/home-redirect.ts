import { memberHome, type AllocationMetaData, type AllocationStatus } from '@winery/domain';

/**
 * Where the home page sends a member whose offering is under way (open, or ordered from): to
 * their letter, allocation or order summary. Everyone else stays on the home page. The app's home
 * route and the brochure pages' script both ask; the script imports nothing else from here.
 */
export function homeRedirect({ status, metaData }: { status: AllocationStatus; metaData: AllocationMetaData | null }): string | null {
  return status === 'offering' || status === 'thank-you' ? memberHome(status, metaData) : null;
}
