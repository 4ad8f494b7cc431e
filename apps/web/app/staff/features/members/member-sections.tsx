import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAIL_PREFERENCES, type StaffMemberDetail } from '@winery/domain';
import { DataTable } from '../../components/data-table';
import { DateTime } from '../../components/date-time';
import { Section } from '../../components/page-header';
import { formatCents } from '../../lib/money';
import { formatDateTime, formatDay } from '../../lib/time-zone';
import { useTimeZone } from '../../session/staff-session.api';

type Props = { member: StaffMemberDetail };

function None({ text }: { text: string }) {
  return <p className="staff-muted">{text}</p>;
}

export function ProfileSection({ member }: Props) {
  const { t } = useTranslation('staff');
  const timeZone = useTimeZone();
  const rows: [string, string][] = [
    [t('members.fields.email'), member.email],
    [t('members.fields.phone'), member.phone ?? '—'],
    [t('members.fields.company'), member.company ?? '—'],
    [t('members.fields.dateOfBirth'), formatDay(member.dateOfBirth) || '—'],
    [t('members.fields.tier'), member.tierName ?? t('members.noTier')],
    [t('members.fields.memberSince'), formatDay(member.memberSince) || '—'],
    [t('members.fields.password'), member.hasPassword ? t('members.hasPassword') : t('members.noPassword')],
    // Their own choice, made in their account: staff read it, and invitations and reminders obey it.
    [
      t('members.fields.mailPreferences'),
      MAIL_PREFERENCES.map((kind) => t(`members.mailPreferences.${kind}`, { context: member.mailPreferences[kind] ? 'on' : 'off' })).join(' · '),
    ],
    [t('members.fields.lastActivity'), member.lastActivityDate ? formatDateTime(member.lastActivityDate, timeZone) : '—'],
  ];
  return (
    <Section title={t('members.sections.profile')} id="member-profile">
      <dl className="staff-dl" data-testid="member-profile">
        {rows.map(([label, value]) => (
          <div className="staff-dl__row" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

export function AddressesSection({ member }: Props) {
  const { t } = useTranslation('staff');
  return (
    <Section title={t('members.sections.addresses')} id="member-addresses">
      {member.addresses.length === 0 ? <None text={t('members.noAddresses')} /> : null}
      <ul className="staff-member-addresses">
        {member.addresses.map((address) => (
          <li key={address.id}>
            {[address.address1, address.address2, `${address.city}${address.stateCode ? `, ${address.stateCode}` : ''} ${address.zipCode}`, address.countryCode]
              .filter(Boolean)
              .join(' · ')}
            {address.isDefaultShipping ? <span className="staff-muted"> — {t('members.defaultShipping')}</span> : null}
            {address.isDefaultBilling ? <span className="staff-muted"> — {t('members.defaultBilling')}</span> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function AllocationsSection({ member }: Props) {
  const { t } = useTranslation('staff');
  return (
    <Section title={t('members.sections.allocations')} id="member-allocations">
      {member.allocations.length === 0 ? (
        <None text={t('members.noAllocations')} />
      ) : (
        <DataTable
          caption={t('members.tableCaption', { section: t('members.sections.allocations'), name: `${member.firstName} ${member.lastName}` })}
          rows={member.allocations}
          rowKey={(row) => row.allocationId}
          columns={[
            { key: 'offering', header: t('members.fields.offering'), primary: true, cell: (row) => row.offeringName },
            { key: 'offered', header: t('members.fields.offered'), numeric: true, cell: (row) => row.bottlesOffered },
            { key: 'taken', header: t('members.fields.taken'), numeric: true, cell: (row) => row.bottlesTaken },
            { key: 'ordered', header: t('members.fields.ordered'), cell: (row) => (row.ordered ? t('members.yes') : t('members.no')) },
          ]}
        />
      )}
    </Section>
  );
}

export function WishesSection({ member }: Props) {
  const { t } = useTranslation('staff');
  const timeZone = useTimeZone();
  return (
    <Section title={t('members.sections.wishes')} id="member-wishes">
      {member.wishes.length === 0 ? (
        <None text={t('members.noWishes')} />
      ) : (
        <DataTable
          caption={t('members.tableCaption', { section: t('members.sections.wishes'), name: `${member.firstName} ${member.lastName}` })}
          rows={member.wishes}
          rowKey={(row) => row.id}
          columns={[
            { key: 'offering', header: t('members.fields.offering'), primary: true, cell: (row) => row.offeringName },
            { key: 'wine', header: t('members.fields.wine'), cell: (row) => `${row.wineName} ${row.vintage}` },
            { key: 'asked', header: t('members.fields.asked'), numeric: true, cell: (row) => row.quantity },
            { key: 'granted', header: t('members.fields.granted'), numeric: true, cell: (row) => row.grantedQuantity ?? '—' },
            { key: 'outcome', header: t('members.fields.outcome'), cell: (row) => t(`members.wishStatus.${row.status}`, { defaultValue: row.status }) },
            { key: 'when', header: t('members.fields.asked_at'), cell: (row) => <DateTime value={row.createdAt} timeZone={timeZone} /> },
          ]}
        />
      )}
    </Section>
  );
}

export function OrdersSection({ member }: Props) {
  const { t } = useTranslation('staff');
  const timeZone = useTimeZone();
  return (
    <Section title={t('members.sections.orders')} id="member-orders">
      {member.orders.length === 0 ? (
        <None text={t('members.noOrders')} />
      ) : (
        <DataTable
          caption={t('members.tableCaption', { section: t('members.sections.orders'), name: `${member.firstName} ${member.lastName}` })}
          rows={member.orders}
          rowKey={(row) => row.id}
          columns={[
            { key: 'number', header: t('orders.fields.number'), primary: true, className: 'staff-table__nowrap', cell: (row) => <Link to={`/staff/orders/${row.id}`}>{row.number}</Link> },
            { key: 'placed', header: t('orders.fields.placedAt'), cell: (row) => <DateTime value={row.placedAt} timeZone={timeZone} /> },
            { key: 'offering', header: t('members.fields.offering'), cell: (row) => row.offeringName ?? '—' },
            { key: 'total', header: t('orders.fields.total'), numeric: true, cell: (row) => formatCents(row.totalCents) },
            { key: 'status', header: t('orders.fields.status'), cell: (row) => t(`orders.status.${row.fulfilmentStatus}`, { defaultValue: row.fulfilmentStatus }) },
          ]}
        />
      )}
    </Section>
  );
}

export function LinksSection({ member }: Props) {
  const { t } = useTranslation('staff');
  const timeZone = useTimeZone();
  return (
    <Section title={t('members.sections.links')} id="member-links">
      {member.links.length === 0 ? (
        <None text={t('members.noLinks')} />
      ) : (
        <DataTable
          caption={t('members.tableCaption', { section: t('members.sections.links'), name: `${member.firstName} ${member.lastName}` })}
          rows={member.links}
          rowKey={(row, index) => `${row.createdAt}-${index}`}
          columns={[
            { key: 'purpose', header: t('members.fields.purpose'), cell: (row) => t(`members.linkPurpose.${row.purpose}`, { defaultValue: row.purpose }) },
            { key: 'sent', header: t('members.fields.sent'), cell: (row) => <DateTime value={row.createdAt} timeZone={timeZone} /> },
            { key: 'expires', header: t('members.fields.expires'), cell: (row) => <DateTime value={row.expiresAt} timeZone={timeZone} /> },
            { key: 'used', header: t('members.fields.used'), cell: (row) => <DateTime value={row.usedAt} timeZone={timeZone} empty={t('members.notUsed')} /> },
          ]}
        />
      )}
    </Section>
  );
}
