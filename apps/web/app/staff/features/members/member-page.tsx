import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StaffMemberDetail } from '@winery/domain';
import { Confirm } from '../../components/confirm';
import { PageHeader, Section } from '../../components/page-header';
import { ErrorState, LoadingState, ReadOnlyNote } from '../../components/states';
import { StatusBadge } from '../../components/status-badge';
import { toastFailed, toastSaved } from '../../lib/toasts';
import { useStaffRole } from '../../session/staff-session.api';
import { HistoryLink } from '../../components/history-link';
import { MemberForm } from './member-form';
import { AddressesSection, AllocationsSection, LinksSection, OrdersSection, ProfileSection, WishesSection } from './member-sections';
import { useDeactivateMember, useMember, useReactivateMember, useSaveMember, useSendMemberLink } from './members.api';

/** Edit, (de)activate, and the e-mails staff may send a member. */
function MemberActions({ member, onEdit }: { member: StaffMemberDetail; onEdit: () => void }) {
  const { t } = useTranslation('staff');
  const deactivate = useDeactivateMember();
  const reactivate = useReactivateMember();
  const send = useSendMemberLink();
  const [confirming, setConfirming] = useState(false);
  const name = `${member.firstName} ${member.lastName}`;
  const sendLink = (kind: 'account-link' | 'invite') =>
    send.mutate(
      { id: member.id, kind },
      { onSuccess: () => toastSaved(t(kind === 'invite' ? 'members.invitationSent' : 'members.linkSent', { email: member.email })), onError: (error) => toastFailed(error) },
    );

  return (
    <div className="staff-actions">
      <button type="button" className="button button--quiet" onClick={onEdit}>
        {t('actions.edit')}
      </button>
      {member.active ? (
        <>
          <button type="button" className="button button--quiet" disabled={send.isPending} onClick={() => sendLink('account-link')}>
            {t('members.sendAccountLink')}
          </button>
          {member.hasPassword ? null : (
            <button type="button" className="button button--quiet" disabled={send.isPending} onClick={() => sendLink('invite')}>
              {t('members.sendInvitation')}
            </button>
          )}
          <button type="button" className="button button--quiet staff-danger" onClick={() => setConfirming(true)}>
            {t('members.deactivate')}
          </button>
        </>
      ) : (
        <button type="button" className="button button--primary" onClick={() => setConfirming(true)}>
          {t('members.reactivate')}
        </button>
      )}
      <Confirm
        open={confirming}
        title={t(member.active ? 'members.deactivateConfirm.title' : 'members.reactivateConfirm.title', { name })}
        body={t(member.active ? 'members.deactivateConfirm.body' : 'members.reactivateConfirm.body')}
        confirmLabel={t(member.active ? 'members.deactivate' : 'members.reactivate')}
        busy={deactivate.isPending || reactivate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          (member.active ? deactivate : reactivate).mutate(member.id, {
            onSuccess: (saved) => toastSaved(t(saved.active ? 'members.reactivated' : 'members.deactivatedToast', { name })),
            onError: (error) => toastFailed(error),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </div>
  );
}

/** /staff/members/:memberId: everything about one member, and what staff can do for them. */
export function MemberPage() {
  const { t } = useTranslation('staff');
  const { memberId } = useParams();
  const member = useMember(memberId);
  const save = useSaveMember(memberId);
  const { canWrite, role } = useStaffRole();
  const [editing, setEditing] = useState(false);
  const data = member.data;

  // The Edit button goes while the form is open: the keyboard starts in its first field.
  useEffect(() => {
    if (editing) document.getElementById('member-prefix')?.focus();
  }, [editing]);

  return (
    <>
      <PageHeader
        eyebrow={<Link to="/staff/members">{t('members.title')}</Link>}
        title={data ? `${data.prefix ? `${data.prefix} ` : ''}${data.firstName} ${data.lastName}` : t('members.memberTitle')}
        lede={
          data ? (
            <>
              {data.active ? <StatusBadge tone="positive">{t('members.active')}</StatusBadge> : <StatusBadge tone="negative">{t('members.deactivated')}</StatusBadge>}{' '}
              {data.tierName ?? t('members.noTier')} <HistoryLink entityId={data.id} />
            </>
          ) : undefined
        }
        actions={data && canWrite && !editing ? <MemberActions member={data} onEdit={() => setEditing(true)} /> : null}
      />
      {role === 'viewer' ? <ReadOnlyNote /> : null}
      {member.isPending ? <LoadingState /> : null}
      {member.error ? <ErrorState error={member.error} onRetry={() => void member.refetch()} /> : null}
      {data && editing ? (
        <Section title={t('members.editTitle')} id="member-edit">
          <MemberForm
            member={data}
            busy={save.isPending}
            error={save.error}
            submitLabel={t('actions.saveChanges')}
            onCancel={() => setEditing(false)}
            onSubmit={(body) =>
              save.mutate(body, {
                onSuccess: (saved) => {
                  toastSaved(t('members.saved', { name: `${saved.firstName} ${saved.lastName}` }));
                  setEditing(false);
                },
              })
            }
          />
        </Section>
      ) : null}
      {data ? (
        <>
          <div className="staff-two-col">
            <ProfileSection member={data} />
            <AddressesSection member={data} />
          </div>
          <OrdersSection member={data} />
          <AllocationsSection member={data} />
          <WishesSection member={data} />
          <LinksSection member={data} />
        </>
      ) : null}
    </>
  );
}

/** /staff/members/new: a member added by hand (no password: send an invitation afterwards). */
export function NewMemberPage() {
  const { t } = useTranslation('staff');
  const navigate = useNavigate();
  const save = useSaveMember();
  const { role } = useStaffRole();
  return (
    <>
      <PageHeader title={t('members.newTitle')} eyebrow={<Link to="/staff/members">{t('members.title')}</Link>} lede={t('members.newLede')} />
      {role === 'viewer' ? <ReadOnlyNote /> : null}
      <MemberForm
        readOnly={role !== 'admin' && role !== 'manager'}
        busy={save.isPending}
        error={save.error}
        submitLabel={t('members.create')}
        onSubmit={(body) =>
          save.mutate(body, {
            onSuccess: (member) => {
              toastSaved(t('members.created', { name: `${member.firstName} ${member.lastName}` }));
              void navigate(`/staff/members/${member.id}`);
            },
          })
        }
      />
    </>
  );
}
