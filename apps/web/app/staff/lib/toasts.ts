import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-error';
import { i18n } from '../../lib/i18n';

/** The site's toasts (sonner, mounted once at the root). */
export const toastSaved = (message: string) => toast.success(message);

/** A failed write: the title, and the API's own words under it when it sent any. */
export function toastFailed(error: unknown, title: string = i18n.t('staff:states.saveFailed')) {
  const detail = errorMessage(error, '');
  toast.error(title, detail && detail !== title ? { description: detail } : undefined);
}
