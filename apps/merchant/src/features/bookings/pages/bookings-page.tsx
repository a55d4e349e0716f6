import type { EndpointInput } from '@d3/shared/api/contract';
import { bookingsRoutes } from '@d3/shared/api/routes';
import { nextMerchantStatuses } from '@d3/shared/bookings/booking-policies';
import { BOOKING_STATUSES, type TBooking } from '@d3/shared/bookings/booking-schemas';
import type { bookingsContract } from '@d3/shared/bookings/bookings-contract';
import { addDays, nairobiDateKey, weekdayOf } from '@d3/shared/bookings/slot-rules';
import { WEEK_DAYS } from '@d3/shared/catalogue/catalogue-schemas';
import { formatAccessFee } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight, Phone, User, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { EmptyList, QueryList } from '../../../components/resource-crud';
import { StorePage } from '../../../components/store-picker';
import {
  buttonClass,
  Card,
  ErrorState,
  FormActions,
  InputField,
  Modal,
  SelectField,
  StatusBadge,
  TextareaField,
} from '../../../components/ui';
import { useBranches, useStaff } from '../../../lib/api/merchant-catalogue';
import { call } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/error-text';
import { CheckInByCode } from '../components/check-in-by-code';
import { SlotWaitlists } from '../components/slot-waitlists';

type TView = 'list' | 'day' | 'week';

/** Monday of the Nairobi week holding `date`. */
function mondayOf(date: string): string {
  return addDays(date, -WEEK_DAYS.indexOf(weekdayOf(date)));
}

/** Which actions the store may take now: by status (shared rules), by fee and by the check-in time rule. */
export function bookingActions(booking: TBooking, now: Date) {
  const next = nextMerchantStatuses(booking.status);
  const feeSettled = booking.accessFee <= 0 || booking.accessFeePaid;
  const opened = now.getTime() >= Date.parse(booking.checkInOpensAt);
  return {
    confirm: next.includes('confirmed') && feeSettled,
    checkIn: next.includes('checked_in') && feeSettled && opened,
    complete: next.includes('completed') && feeSettled && opened,
    cancel: next.includes('cancelled'),
    waitingForStart: (next.includes('checked_in') || next.includes('completed')) && !opened,
  };
}

export function BookingsPage() {
  const t = useT();
  return (
    <StorePage title={t('bookings.title')} description={t('bookings.description')} board={BookingsBoard} />
  );
}

function BookingsBoard({ storeId }: { storeId: string }) {
  const t = useT();
  const today = nairobiDateKey(new Date());
  const [view, setView] = useState<TView>('list');
  const [date, setDate] = useState(today);
  const [branchId, setBranchId] = useState('');
  const [staffId, setStaffId] = useState('');
  const [status, setStatus] = useState('');
  const branches = useBranches(storeId);
  const staff = useStaff(storeId);
  const range =
    view === 'day'
      ? { from: date, to: date }
      : view === 'week'
        ? { from: mondayOf(date), to: addDays(mondayOf(date), 6) }
        : { from: date };
  const query = { storeId, branchId, staffId, status, limit: 100, ...range };
  const bookings = useQuery({
    queryKey: ['merchant', 'bookings', query],
    queryFn: ({ signal }) => call(bookingsRoutes.merchantList, { query }, { signal }),
    refetchInterval: 30_000,
  });
  const step = view === 'week' ? 7 : 1;
  return (
    <>
      <CheckInByCode />
      <SlotWaitlists storeId={storeId} />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <fieldset className="inline-flex rounded-xl border border-slate-300 bg-white p-1 dark:border-slate-700 dark:bg-slate-900">
          <legend className="sr-only">{t('bookings.view')}</legend>
          {(['list', 'day', 'week'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
              className={clsx(
                'h-9 rounded-lg px-3 text-sm font-semibold capitalize',
                view === option ? 'bg-orange-700 text-white' : 'text-slate-700 dark:text-slate-200',
              )}
            >
              {t(`bookings.view.${option}`)}
            </button>
          ))}
        </fieldset>
        <div className="flex items-end gap-1">
          <button
            type="button"
            className={buttonClass('secondary', true)}
            aria-label={t('bookings.previous')}
            onClick={() => setDate(addDays(date, -step))}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </button>
          <InputField
            label={view === 'list' ? t('bookings.from') : t('bookings.date')}
            type="date"
            value={date}
            onChange={(value) => value && setDate(value)}
          />
          <button
            type="button"
            className={buttonClass('secondary', true)}
            aria-label={t('bookings.next')}
            onClick={() => setDate(addDays(date, step))}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </div>
        <button type="button" className={buttonClass('ghost', true)} onClick={() => setDate(today)}>
          {t('bookings.today')}
        </button>
      </div>
      <div className="mb-5 grid gap-3 sm:grid-cols-3">
        <SelectField
          label={t('staff.branch')}
          value={branchId}
          onChange={setBranchId}
          options={[
            { value: '', label: t('bookings.allBranches') },
            ...(branches.data ?? []).map((b) => ({ value: b.id, label: b.name })),
          ]}
        />
        <SelectField
          label={t('staff.title')}
          value={staffId}
          onChange={setStaffId}
          options={[
            { value: '', label: t('bookings.allStaff') },
            ...(staff.data ?? []).map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
        <SelectField
          label={t('staff.status')}
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: t('bookings.allStatuses') },
            ...BOOKING_STATUSES.map((s) => ({ value: s, label: t(`bookings.status.${s}`) })),
          ]}
        />
      </div>
      <QueryList
        query={bookings}
        loadingLabel={t('bookings.loading')}
        isEmpty={(data) => data.bookings.length === 0}
        empty={
          <EmptyList title={t('bookings.emptyTitle')}>
            {view === 'list' ? t('bookings.emptyList') : t('bookings.emptyPeriod')}
          </EmptyList>
        }
      >
        {(data) =>
          view === 'week' ? (
            <WeekView from={mondayOf(date)} bookings={data.bookings} />
          ) : (
            <ul className="space-y-3">
              {data.bookings.map((booking) => (
                <li key={booking.id}>
                  <BookingCard booking={booking} showDate={view === 'list'} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryList>
    </>
  );
}

function WeekView({ from, bookings }: { from: string; bookings: TBooking[] }) {
  const t = useT();
  const days = Array.from({ length: 7 }, (_, index) => addDays(from, index));
  return (
    <div className="space-y-5">
      {days.map((day) => {
        const list = bookings.filter((booking) => booking.date === day);
        return (
          <section key={day} aria-label={`${t(`day.${weekdayOf(day)}`)} ${day}`}>
            <h2 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-300">
              {t(`day.${weekdayOf(day)}`)} <span className="font-normal text-slate-500">{day}</span>
              <span className="ml-2 text-xs text-slate-500">
                {list.length ? t('bookings.count', { count: list.length }) : t('bookings.free')}
              </span>
            </h2>
            {list.length ? (
              <ul className="space-y-2">
                {list.map((booking) => (
                  <li key={booking.id}>
                    <BookingCard booking={booking} showDate={false} />
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}

/** A merchant's change of one booking: confirm, complete, or a status with its reason. */
type TChange =
  | { to: 'confirm' }
  | { to: 'complete' }
  | { to: 'status'; body: EndpointInput<typeof bookingsContract.setStatus>['body'] };

function BookingCard({ booking, showDate }: { booking: TBooking; showDate: boolean }) {
  const t = useT();
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (change: TChange) => {
      const params = { id: booking.id };
      if (change.to === 'confirm') return call(bookingsRoutes.confirm, { params });
      if (change.to === 'complete') return call(bookingsRoutes.complete, { params });
      return call(bookingsRoutes.setStatus, { params, body: change.body });
    },
    onSuccess: async () => {
      setProblem(null);
      await queryClient.invalidateQueries({ queryKey: ['merchant', 'bookings'] });
      await queryClient.invalidateQueries({ queryKey: ['merchant', 'dashboard'] });
    },
    onError: (error) => setProblem(errorText(error)),
  });
  const actions = bookingActions(booking, new Date());
  const what = booking.Offer?.title ?? booking.Service?.name ?? t('dashboard.booking');
  return (
    <Card className="!p-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="w-20 shrink-0">
          <p className="text-lg font-bold text-slate-900 dark:text-white">{booking.time}</p>
          {showDate ? <p className="text-xs text-slate-500">{booking.date}</p> : null}
        </div>
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-slate-900 dark:text-white">{what}</p>
          <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-600 dark:text-slate-400">
            <span className="inline-flex items-center gap-1">
              <User aria-hidden="true" className="size-3.5" />{' '}
              {booking.clientInfo.name ?? t('dashboard.customer')}
            </span>
            {booking.clientInfo.phone ? (
              <a
                href={`tel:${booking.clientInfo.phone}`}
                className="inline-flex items-center gap-1 underline-offset-2 hover:underline"
              >
                <Phone aria-hidden="true" className="size-3.5" /> {booking.clientInfo.phone}
              </a>
            ) : null}
            {(booking.partySize ?? 1) > 1 ? (
              <span className="inline-flex items-center gap-1 font-medium text-slate-800 dark:text-slate-200">
                <Users aria-hidden="true" className="size-3.5" />{' '}
                {t('bookings.groupOf', { count: booking.partySize })}
              </span>
            ) : null}
            <span>{booking.Branch?.name}</span>
            {booking.Staff ? <span>{t('bookings.withStaff', { name: booking.Staff.name })}</span> : null}
          </p>
          {booking.accessFee > 0 ? (
            <p className="text-xs text-slate-500">
              {t('bookings.accessFee', { fee: formatAccessFee(booking.accessFee) })} ·{' '}
              {booking.accessFeePaid ? t('bookings.paid') : t('bookings.notPaid')}
            </p>
          ) : null}
          {booking.notes ? (
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">“{booking.notes}”</p>
          ) : null}
          {booking.cancelReason ? (
            <p className="mt-1 text-sm text-slate-600">
              {t('bookings.reasonText', { reason: booking.cancelReason })}
            </p>
          ) : null}
        </div>
        <StatusBadge status={booking.status} />
      </div>
      {actions.confirm || actions.checkIn || actions.complete || actions.cancel ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {actions.confirm ? (
            <button
              type="button"
              className={buttonClass('primary', true)}
              disabled={change.isPending}
              onClick={() => change.mutate({ to: 'confirm' })}
            >
              {t('bookings.confirm')}
            </button>
          ) : null}
          {actions.checkIn ? (
            <button
              type="button"
              className={buttonClass('primary', true)}
              disabled={change.isPending}
              onClick={() => change.mutate({ to: 'status', body: { status: 'checked_in' } })}
            >
              {t('bookings.checkIn')}
            </button>
          ) : null}
          {actions.complete ? (
            <button
              type="button"
              className={buttonClass('secondary', true)}
              disabled={change.isPending}
              onClick={() => change.mutate({ to: 'complete' })}
            >
              {t('bookings.complete')}
            </button>
          ) : null}
          {actions.cancel ? (
            <button type="button" className={buttonClass('ghost', true)} onClick={() => setCancelling(true)}>
              {t('bookings.cancel')}
            </button>
          ) : null}
          {actions.waitingForStart ? (
            <p className="self-center text-xs text-slate-500">
              {booking.checkInOpensAt.slice(0, 10) !== booking.date
                ? t('bookings.checkInOpensOn', {
                    time: booking.checkInOpensAt.slice(11, 16),
                    date: booking.checkInOpensAt.slice(0, 10),
                  })
                : t('bookings.checkInOpens', { time: booking.checkInOpensAt.slice(11, 16) })}
            </p>
          ) : null}
        </div>
      ) : null}
      {problem ? <ErrorState className="mt-3" message={problem} /> : null}
      <Modal
        open={cancelling}
        onOpenChange={setCancelling}
        title={t('bookings.cancelQuestion')}
        description={t('bookings.cancelDescription')}
      >
        {cancelling ? (
          <CancelForm
            pending={change.isPending}
            onCancel={() => setCancelling(false)}
            onSubmit={(reason) =>
              change.mutate(
                { to: 'status', body: { status: 'cancelled', reason } },
                { onSuccess: () => setCancelling(false) },
              )
            }
          />
        ) : null}
      </Modal>
    </Card>
  );
}

function CancelForm({
  pending,
  onCancel,
  onSubmit,
}: {
  pending: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setError(t('bookings.reasonRequired'));
    if (text.length > 500) return setError(t('bookings.reasonTooLong'));
    onSubmit(text);
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextareaField label={t('bookings.reason')} value={reason} onChange={setReason} error={error} />
      <FormActions pending={pending} submitLabel={t('bookings.cancel')} onCancel={onCancel} />
    </form>
  );
}
