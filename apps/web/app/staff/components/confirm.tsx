import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';

/**
 * The site's confirm dialog (a native modal: focus kept inside, Escape closes, focus returns) with
 * the console's "Cancel".
 */
export function Confirm(props: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('staff');
  return <ConfirmDialog {...props} cancelLabel={t('actions.cancel')} />;
}
