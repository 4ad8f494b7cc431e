import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INVITATION_STATES, type InvitationState } from '@winery/domain';
import { Confirm } from '../../components/confirm';
import { DataTable, selectColumn } from '../../components/data-table';
import { DateTime } from '../../components/date-time';
import { EmailText } from '../../components/email-text';
import { SelectInput } from '../../components/fields';
import { Section } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState, LoadMore } from '../../components/states';
import type { StaffOffering } from '../offerings/offerings.api';
import { memberName } from '../../lib/member-name';
import { toastFailed, toastSaved } from '../../lib/toasts';
import { usePagedList } from '../../lib/use-paged-list';
import { useStaffRole, useTimeZone } from '../../session/staff-session.api';
import { InvitationBadge } from '../allocations/invitation-badge';
import { OfferingWork } from '../allocations/offering-work-header';
import { useFilterParams } from '../allocations/use-filter-params';
import { useTiers } from '../tiers/tiers.api';
import { InvitationProgress } from './invitation-progress';
import { invitationsPath, useInvitationSummary, useSendInvitations, useSendReminders, type MailsQueued, type StaffInvitation } from './invitations.api';

type Asking = { kind: 'all' } | { kind: 'selected' } | { kind: 'remind' } | null;

/** The confirmation's texts: "all" and the reminder say so when they are for one tier. */
const confirmKey = (kind: 'all' | 'selected' | 'remind', tierName: string) => (tierName && kind !== 'selected' ? `${kind}Tier` : kind);

/** /staff/offerings/:offeringId/invitations: send the allocation links, and follow each one. */
export function InvitationsPage({ offeringId }: { offeringId: string }) {
  const { t } = useTranslation('staff');
  return (
    <OfferingWork offeringId={offeringId} task="invitations" lede={t('invitations.lede')}>
      {(offering) => <InvitationsBody offering={offering} />}
    </OfferingWork>
  );
}

function InvitationsBody({ offering }: { offering: StaffOffering }) {
  const { t } = useTranslation('staff');
  const { canWrite } = useStaffRole();
  const timeZone = useTimeZone();
  const filters = useFilterParams(['state', 'tier'] as const);
  const state = filters.values.state as InvitationState | '';
  const tier = filters.values.tier;
  const tiers = useTiers();
  const tierName = tiers.data?.find((each) => each.id === tier)?.name ?? '';
  const summary = useInvitationSummary(offering.id, tier);
  const list = usePagedList<StaffInvitation>(invitationsPath(offering.id), { state, tierId: tier });
  const send = useSendInvitations(offering.id);
  const remind = useSendReminders(offering.id);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [resend, setResend] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);

  // Each member's state moves with the summary (e-mails leave the queue): read the list again then.
  const figures = summary.data ? JSON.stringify(summary.data) : '';
  const { refetch } = list;
  useEffect(() => {
    if (figures) refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the figures
  }, [figures]);

  const done = (result: MailsQueued) => {
    const sent = t('invitations.sent', { count: result.queued, skipped: result.skipped });
    toastSaved(result.optedOut > 0 ? `${sent} ${t('invitations.optedOutSkipped', { count: result.optedOut })}` : sent);
    setSelected(new Set());
    setAsking(null);
  };
  const confirm = () => {
    if (!asking) return;
    const onError = (error: unknown) => {
      toastFailed(error, t('invitations.failed'));
      setAsking(null);
    };
    // With a tier chosen, "all" and the reminder are for that tier's members only.
    const scope = tier ? { tierId: tier } : {};
    if (asking.kind === 'remind') remind.mutate(scope, { onSuccess: done, onError });
    else if (asking.kind === 'all') send.mutate(scope, { onSuccess: done, onError });
    else send.mutate({ customerIds: [...selected], resend }, { onSuccess: done, onError });
  };

  const toggle = (customerId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(customerId);
      else next.delete(customerId);
      return next;
    });
  const allShown = list.items.length > 0 && list.items.every((row) => selected.has(row.customerId));
  const isDraft = offering.status === 'draft';

  return (
    <>
      <Section title={t('invitations.progress.title')}>
        {summary.isPending ? <LoadingState /> : null}
        {summary.error ? <ErrorState error={summary.error} onRetry={() => void summary.refetch()} /> : null}
        {summary.data ? <InvitationProgress summary={summary.data} /> : null}
        <p className="invite-reminder">
          {offering.reminderDaysBefore ? t('invitations.reminder.scheduled', { count: offering.reminderDaysBefore }) : t('invitations.reminder.none')}{' '}
          <Link to={`/staff/offerings/${encodeURIComponent(offering.id)}#offering-reminder`}>{t('invitations.reminder.change')}</Link>
        </p>
      </Section>
      {canWrite ? (
        <div className="staff-toolbar invite-actions">
          {isDraft ? <p className="field__hint">{t('invitations.draft')}</p> : null}
          <button type="button" className="button button--primary" onClick={() => setAsking({ kind: 'all' })} disabled={isDraft}>
            {tierName ? t('invitations.sendTier', { tier: tierName }) : t('invitations.sendAll')}
          </button>
          <button type="button" className="button button--quiet" onClick={() => setAsking({ kind: 'remind' })} disabled={isDraft}>
            {tierName ? t('invitations.remindTier', { tier: tierName }) : t('invitations.remind')}
          </button>
        </div>
      ) : null}
      <div className="staff-toolbar invite-filter">
        <SelectInput
          id="invite-state"
          label={t('invitations.filter')}
          value={state}
          onChange={(value) => filters.set('state', value)}
          options={[{ value: '', label: t('allocations.filters.anyState') }, ...INVITATION_STATES.map((each) => ({ value: each, label: t(`invitations.states.${each}`) }))]}
        />
        <SelectInput
          id="invite-tier"
          label={t('allocations.filters.tier')}
          value={tier}
          onChange={(value) => filters.set('tier', value)}
          options={[{ value: '', label: t('allocations.filters.anyTier') }, ...(tiers.data ?? []).map((each) => ({ value: each.id, label: each.name }))]}
        />
        {canWrite ? (
          <div className="invite-selection">
            <button type="button" className="button button--small" onClick={() => setAsking({ kind: 'selected' })} disabled={isDraft || selected.size === 0}>
              {t('invitations.sendSelected', { count: selected.size })}
            </button>
            <label className="bulk-include">
              <input type="checkbox" className="staff-check" checked={resend} onChange={(event) => setResend(event.target.checked)} />
              {t('invitations.resend')}
            </label>
          </div>
        ) : null}
      </div>
      {list.isLoading ? <LoadingState /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={list.refetch} /> : null}
      {!list.isLoading && !list.error && list.items.length === 0 ? <EmptyState title={t(state ? 'invitations.emptyFiltered' : 'invitations.empty')} /> : null}
      {list.items.length > 0 ? (
        <DataTable
          caption={t('invitations.listLabel')}
          rows={list.items}
          rowKey={(row) => row.customerId}
          rowAttributes={(row) => ({ 'data-testid': 'invitation-row', 'data-email': row.email })}
          columns={[
            ...(canWrite
              ? [
                  selectColumn<StaffInvitation>({
                    allLabel: t('invitations.selectAll'),
                    allChecked: allShown,
                    onAll: (checked) => setSelected(checked ? new Set(list.items.map((row) => row.customerId)) : new Set()),
                    rowLabel: (row) => t('invitations.select', { name: memberName(row) }),
                    isChecked: (row) => selected.has(row.customerId),
                    onToggle: (row, checked) => toggle(row.customerId, checked),
                  }),
                ]
              : []),
            {
              key: 'member',
              header: t('allocations.columns.member'),
              primary: true,
              className: 'member-cell',
              cell: (row) => (
                <>
                  <span className="alloc-grid__name">{memberName(row)}</span>
                  <span className="alloc-grid__email">
                    <EmailText value={row.email} />
                  </span>
                </>
              ),
            },
            {
              key: 'state',
              header: t('invitations.columns.state'),
              cell: (row) => (
                <>
                  <InvitationBadge state={row.state} />
                  {row.lastError ? <span className="invite-error">{row.lastError}</span> : null}
                  {row.remindersOptedOut ? <span className="invite-note">{t('invitations.remindersOptedOut')}</span> : null}
                </>
              ),
            },
            { key: 'sent', header: t('invitations.columns.sent'), className: 'invite-date', cell: (row) => <DateTime value={row.sentAt ?? row.invitedAt} timeZone={timeZone} /> },
            { key: 'used', header: t('invitations.columns.linkUsed'), className: 'invite-date', cell: (row) => <DateTime value={row.linkUsedAt} timeZone={timeZone} /> },
            { key: 'ordered', header: t('invitations.columns.ordered'), className: 'invite-date', cell: (row) => <DateTime value={row.orderedAt} timeZone={timeZone} /> },
          ]}
        />
      ) : null}
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={list.loadMore} />
      {canWrite ? (
        <Confirm
          open={asking !== null}
          title={asking ? t(`invitations.confirm.${confirmKey(asking.kind, tierName)}.title`, { count: selected.size, tier: tierName }) : ''}
          body={
            asking
              ? t(`invitations.confirm.${confirmKey(asking.kind, tierName)}.body`, { count: selected.size, allocated: summary.data?.allocated ?? 0, offering: offering.name, tier: tierName })
              : ''
          }
          confirmLabel={asking ? t(`invitations.confirm.${asking.kind}.confirm`, { count: selected.size }) : ''}
          busy={send.isPending || remind.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </>
  );
}
