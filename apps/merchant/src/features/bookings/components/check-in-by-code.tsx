import type { EndpointOutput } from '@d3/shared/api/contract';
import { bookingsRoutes } from '@d3/shared/api/routes';
import { ZCheckInByCodeRequest } from '@d3/shared/bookings/booking-schemas';
import type { bookingsContract } from '@d3/shared/bookings/bookings-contract';
import { useT } from '@d3/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, TicketCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { buttonClass, Card, ErrorState, InputField } from '../../../components/ui';
import { ApiError, call } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/error-text';

type TCheckInResponse = EndpointOutput<typeof bookingsContract.checkInByCode>;

/** Codes that say the typed code itself is wrong: shown under the field, not as a banner. */
const FIELD_CODES = new Set(['VOUCHER_INVALID', 'VALIDATION_ERROR']);

/**
 * "Check in by voucher code" (seed 001 §9; issue 13): the code the customer shows, typed any way
 * (the server reads D3-1A2B-3C4D, d3 1a2b 3c4d or 1A2B3C4D alike). Success names the booking and
 * refreshes the queue; the server's refusal shows inline, chosen by its code.
 */
export function CheckInByCode() {
  const t = useT();
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<TCheckInResponse | null>(null);
  const checkIn = useMutation({
    mutationFn: (body: { code: string }) => call(bookingsRoutes.checkInByCode, { body }),
    onSuccess: async (response) => {
      setDone(response);
      setCode('');
      await queryClient.invalidateQueries({ queryKey: ['merchant', 'bookings'] });
      await queryClient.invalidateQueries({ queryKey: ['merchant', 'dashboard'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && FIELD_CODES.has(error.code)) {
        setFieldError(error.fieldErrors.code ?? error.message);
      } else {
        setProblem(errorText(error));
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    setProblem(null);
    setDone(null);
    const parsed = ZCheckInByCodeRequest.safeParse({ code });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    checkIn.mutate(parsed.data);
  };

  const booking = done?.booking;
  return (
    <Card className="mb-5 !p-4">
      <form onSubmit={submit} noValidate aria-label={t('checkIn.title')}>
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
          <TicketCheck aria-hidden="true" className="size-5 text-orange-700 dark:text-orange-400" />
          {t('checkIn.title')}
        </h2>
        <div className="mt-2 flex flex-wrap items-start gap-2">
          <InputField
            label={t('checkIn.code')}
            className="min-w-0 flex-1 basis-52"
            value={code}
            onChange={setCode}
            placeholder="D3-1A2B-3C4D"
            autoComplete="off"
            error={fieldError}
            hint={t('checkIn.hint')}
          />
          <button
            type="submit"
            className={`${buttonClass('primary')} sm:mt-[1.875rem]`}
            disabled={checkIn.isPending}
          >
            {checkIn.isPending ? t('checkIn.busy') : t('checkIn.submit')}
          </button>
        </div>
      </form>
      {problem ? <ErrorState className="mt-3" message={problem} /> : null}
      {booking ? (
        <output
          aria-label={t('checkIn.done')}
          className="mt-3 flex items-start gap-2 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900 dark:border-green-500/30 dark:bg-green-500/10 dark:text-green-200"
        >
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="block font-semibold">{done.message}</span>
            <span className="block">
              {booking.clientInfo.name ?? t('dashboard.customer')} ·{' '}
              {booking.Offer?.title ?? booking.Service?.name ?? t('dashboard.booking')} · {booking.date}{' '}
              {booking.time}
              {(booking.partySize ?? 1) > 1
                ? ` · ${t('bookings.groupOf', { count: booking.partySize })}`
                : null}
            </span>
          </span>
        </output>
      ) : null}
    </Card>
  );
}
