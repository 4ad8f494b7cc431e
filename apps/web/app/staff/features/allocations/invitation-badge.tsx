import { useTranslation } from 'react-i18next';
import type { InvitationState } from '@winery/domain';
import { StatusBadge, type BadgeTone } from '../../components/status-badge';

const TONES: Record<InvitationState, BadgeTone> = {
  none: 'quiet',
  optedOut: 'quiet',
  queued: 'neutral',
  sent: 'neutral',
  failed: 'negative',
  linkUsed: 'attention',
  ordered: 'positive',
};

/** Where a member's invitation stands, in words (the grid and the invitations list). */
export function InvitationBadge({ state }: { state: InvitationState }) {
  const { t } = useTranslation('staff');
  return <StatusBadge tone={TONES[state]}>{t(`invitations.states.${state}`)}</StatusBadge>;
}
