import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../components/fields';
import { fieldErrorsOf } from '../../lib/field-errors';
import { formatDateTime } from '../../lib/time-zone';
import { toastFailed, toastSaved } from '../../lib/toasts';
import { useStaffRole } from '../../session/staff-session.api';
import { useSetAdmissionRate, useWaitingRoomPanel } from './dashboard.api';

/**
 * The release as it happens (issue 17, item 6): per opening's waiting room, how many wait, how
 * many are through (their turn has come) and how many came on to choose in the last minute (first
 * seen through: a member whose turn came while away counts when they come back); bottles held at
 * checkout; the admission rate, which a manager changes here live (a viewer reads it).
 */
export function WaitingRoomPanel({ offeringId, offeringName, timeZone }: { offeringId: string; offeringName: string; timeZone: string }) {
  const { t } = useTranslation('staff');
  const { canWrite } = useStaffRole();
  const panel = useWaitingRoomPanel(offeringId);
  const setRate = useSetAdmissionRate(offeringId);
  const data = panel.data;
  const [rate, setRateText] = useState('');
  const [touched, setTouched] = useState(false);
  const headingId = `waiting-room-${offeringId}`;
  const inputId = `admission-rate-${offeringId}`;

  // The field follows the server until a manager starts typing: adjusted while rendering, so the
  // panel never paints a frame with the rate said beside an empty field (an effect ran after it).
  const [followed, setFollowed] = useState<{ data: typeof data; touched: boolean } | null>(null);
  if (followed === null || followed.data !== data || followed.touched !== touched) {
    setFollowed({ data, touched });
    if (!touched && data) setRateText(data.admissionPerMinute === null ? '' : String(data.admissionPerMinute));
  }

  if (!data) return null;
  const error = fieldErrorsOf(setRate.error).admissionPerMinute;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = rate.trim();
    const value = text === '' ? null : Number(text);
    setRate.mutate(value !== null && Number.isNaN(value) ? text : value, {
      onSuccess: (saved) => {
        setTouched(false);
        toastSaved(saved.admissionPerMinute === null ? t('dashboard.waitingRoom.turnedOff') : t('dashboard.waitingRoom.saved', { count: saved.admissionPerMinute }));
      },
      onError: (failure) => {
        if (!fieldErrorsOf(failure).admissionPerMinute) toastFailed(failure);
      },
    });
  };

  return (
    // Named with its offering: the live and the next offering each have one on the dashboard.
    <section className="dashboard-room" aria-label={t('dashboard.waitingRoom.label', { name: offeringName })} data-testid="dashboard-waiting-room">
      <h3 className="dashboard-card__subhead" id={headingId}>
        {t('dashboard.waitingRoom.heading')}
      </h3>
      {data.admissionPerMinute === null ? (
        <p className="muted" data-testid="dashboard-room-off">
          {t('dashboard.waitingRoom.off')}
        </p>
      ) : (
        <p className="dashboard-room__rate" data-testid="dashboard-room-rate">
          {t('dashboard.waitingRoom.rate', { count: data.admissionPerMinute })}
        </p>
      )}

      {data.rooms.length > 0 && data.admissionPerMinute !== null ? (
        <div className="dashboard-room__table-wrap">
          <table className="dashboard-room__table">
            <caption className="visually-hidden">{t('dashboard.waitingRoom.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.waitingRoom.opening')}</th>
                <th scope="col" className="dashboard-room__number">
                  {t('dashboard.waitingRoom.waiting')}
                </th>
                <th scope="col" className="dashboard-room__number">
                  {t('dashboard.waitingRoom.admitted')}
                </th>
                <th scope="col" className="dashboard-room__number">
                  {t('dashboard.waitingRoom.lastMinute')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rooms.map((room) => (
                <tr key={room.tierId ?? 'offering'} data-testid="dashboard-room">
                  <th scope="row">
                    <span className="dashboard-room__name">{room.tierName ?? t('dashboard.waitingRoom.everyone')}</span>
                    <span className="dashboard-room__opens">{formatDateTime(room.opensAt, timeZone)}</span>
                  </th>
                  <td className="dashboard-room__number" data-testid="dashboard-room-waiting">
                    {room.waiting.toLocaleString('en-US')}
                  </td>
                  <td className="dashboard-room__number" data-testid="dashboard-room-admitted">
                    {room.admitted.toLocaleString('en-US')}
                  </td>
                  <td className="dashboard-room__number" data-testid="dashboard-room-last-minute">
                    {room.admittedLastMinute.toLocaleString('en-US')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <p className="dashboard-room__holds" data-testid="dashboard-holds">
        {t('dashboard.waitingRoom.holds', { count: data.holdsActive })}
      </p>

      {canWrite ? (
        <form className="dashboard-room__form" onSubmit={submit} noValidate>
          <TextInput
            id={inputId}
            label={t('dashboard.waitingRoom.rateLabel')}
            hint={t('dashboard.waitingRoom.rateHint')}
            error={error}
            inputMode="numeric"
            value={rate}
            onChange={(value) => {
              setTouched(true);
              setRateText(value);
            }}
          />
          <button type="submit" className="button button--primary" disabled={setRate.isPending} data-testid="dashboard-room-save">
            {t('dashboard.waitingRoom.save')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
